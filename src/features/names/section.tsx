/**
 * The Account view's offer to choose a name, for an embedded-wallet account on EVM that has none
 * (`./feature.ts` decides when). It first looks the address up in the name service (cached), so an
 * account with a name the identity route did not give is never offered another.
 */
import { useEffect } from 'react'
import { useSignal, useSignals } from '@preact/signals-react/runtime'
import { pushView } from '../../core/modal/router'
import type { ChainNamespace } from '../../core/types'
import { QuietRow } from '../../ui/kit/ActionRow'
import { TextButton } from '../../ui/kit/TextButton'
import { findProfileName } from './store'
import { translator } from '../../i18n/translate'
import namesEn from '../../i18n/messages/en/names'

const t = translator('names', namesEn)

/** @internal */
export default function ChooseNameOffer({ namespace }: { namespace: ChainNamespace }) {
  useSignals()
  const checked = useSignal(false)
  useEffect(() => {
    let mounted = true
    void findProfileName(namespace).then(() => {
      if (mounted) checked.value = true
    })
    return () => {
      mounted = false
    }
  }, [namespace])
  if (!checked.value) return null
  return (
    <QuietRow data-names-offer="">
      <span>{t('noName')}</span>
      <TextButton type="button" onClick={() => pushView('RegisterAccountName')}>
        {t('chooseName')}
      </TextButton>
    </QuietRow>
  )
}
