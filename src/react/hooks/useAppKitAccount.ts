import { useSignals } from '@preact/signals-react/runtime'
import { activeNamespace, getAccountState } from '../../core/state/account'
import type {
  AccountEntry,
  AccountType,
  AccountUser,
  CaipAddress,
  ChainNamespace,
  ConnectionStatus,
} from '../../core/types'

/** Options of {@link useAppKitAccount}. */
export interface UseAppKitAccountParameters {
  /** The namespace to read; default the active one. */
  namespace?: ChainNamespace
}

/** The embedded wallet's side of an account (SPEC §3 "Embedded wallet info"). */
export interface EmbeddedWalletInfo {
  /** Who signed in: the email, or the social login's username. */
  user: AccountUser | undefined
  /** How: `email`, or the social provider (`google`, `farcaster`, …). */
  authProvider: string
  /** The account the wallet acts as: its smart account or its EOA. */
  accountType: AccountType | undefined
  /** Whether its smart account is deployed on the current network, as the secure frame answered. */
  isSmartAccountDeployed: boolean
}

/** What {@link useAppKitAccount} returns. */
export interface UseAppKitAccountReturnType {
  /** Set when the account is the embedded wallet's (email or social login). */
  embeddedWalletInfo: EmbeddedWalletInfo | undefined
  allAccounts: readonly AccountEntry[]
  caipAddress: CaipAddress | undefined
  address: string | undefined
  isConnected: boolean
  status: ConnectionStatus
  /** The account's name (registered with the name service, or from the identity service), as AppKit's account state names it. */
  profileName: string | undefined
  /** The picture of that name (an http(s) or data:image URL). */
  profileImage: string | undefined
}

/**
 * The connected account of a namespace (default the active one). The component re-renders only
 * when one of these fields changes.
 * @example
 * ```tsx
 * const { address, isConnected } = useAppKitAccount()
 * return isConnected ? <p>{address}</p> : null
 * ```
 */
export function useAppKitAccount(parameters: UseAppKitAccountParameters = {}): UseAppKitAccountReturnType {
  useSignals()
  const namespace = parameters.namespace ?? activeNamespace.value ?? 'eip155'
  const state = getAccountState(namespace)
  const status = state.status.value
  // Only the embedded wallet says how its user signed in.
  const authProvider = state.connectedWalletInfo.value?.social
  return {
    embeddedWalletInfo: authProvider
      ? {
          user: state.user.value,
          authProvider,
          accountType: state.preferredAccountType.value,
          isSmartAccountDeployed: state.smartAccountDeployed.value ?? false,
        }
      : undefined,
    allAccounts: state.allAccounts.value,
    caipAddress: state.caipAddress.value,
    address: state.address.value,
    isConnected: status === 'connected',
    status,
    profileName: state.profileName.value,
    profileImage: state.profileImage.value,
  }
}
