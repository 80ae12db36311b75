/**
 * The features, in the order the modal shows what they add (SPEC §9: the Account view's wallet
 * actions onramp, swaps, receive, send). Adding a feature: its folder with its `feature.ts`, and
 * one line here.
 */
import { activity } from './activity/feature'
import { email } from './email/feature'
import { names } from './names/feature'
import { onramp } from './onramp/feature'
import { pay } from './pay/feature'
import { receive } from './receive/feature'
import { send } from './send/feature'
import { siwx } from './siwx/feature'
import { smartSessions } from './smart-sessions/feature'
import { social } from './social/feature'
import { swaps } from './swaps/feature'
import type { Feature } from './feature'

export const FEATURES: readonly Feature[] = [
  onramp,
  swaps,
  receive,
  send,
  activity,
  pay,
  siwx,
  email,
  social,
  names,
  smartSessions,
]
