/**
 * The chain adapter contract. Core and the views talk only to this interface; viem and
 * @solana/kit live behind it in lazy chunks that load when a connection starts, never at page
 * load. The registry of adapter loaders is in `config/appkit-state` with the other app-wide
 * singletons (this file is types only).
 */
import type { CaipNetwork, ChainNamespace, EIP1193Provider, Endpoints, TokenBalance } from '../types'

/** An account a wallet granted, on the chain it is on. */
export interface ConnectReturnType {
  /** Accounts in the wallet's order; the first is the active one. */
  accounts: readonly string[]
  /** Chain id as the wallet reports it (a number for eip155). */
  chainId: number | string
}

/** The native balance of an address. */
export interface NativeBalance {
  /** Decimal string in whole units, e.g. `'10000.5'`. */
  value: string
  symbol: string
}

/** Who an address belongs to, from the identity service. */
export interface Identity {
  name: string | undefined
  avatar: string | undefined
}

/** What the visitor asked to send. */
export interface SendParameters {
  provider: EIP1193Provider
  network: CaipNetwork
  from: string
  to: string
  /** Decimal amount in whole units of `token` (or of the native currency). */
  amount: string
  /** The token to send; native when it has no `address`. */
  token?: TokenBalance
}

/**
 * An arbitrary contract call the wallet is asked to send (an approval, a swap router's calldata):
 * `data` and `value` come from whoever built the call, gas is estimated when not given.
 */
export interface CallParameters {
  provider: EIP1193Provider
  network: CaipNetwork
  from: string
  /** The contract, a plain address. */
  to: string
  /** Calldata, `0x…`. */
  data: string
  /** Native value in base units (wei). */
  value?: bigint
  /** Gas limit; estimated when absent. */
  gas?: bigint
}

/** How a transaction ended once mined. `replaced` covers repriced, cancelled and replaced. */
export interface ReceiptOutcome {
  hash: string
  status: 'success' | 'reverted'
  /** Set when the wallet replaced the transaction (SPEC §4 "Transaction receipt wait"). */
  replaced?: 'repriced' | 'cancelled' | 'replaced'
  /** A reverted transaction's decoded revert reason, when the chain gives one. */
  reason?: string
}

/** Events a connected wallet reports. */
export interface WalletEventHandlers {
  accountsChanged(accounts: readonly string[]): void
  chainChanged(chainId: number | string): void
  disconnect(): void
}

/**
 * One namespace's chain logic (SPEC §1: connect, disconnect, switch network, balance, sign
 * message, send transaction, address parsing). Stateless over providers: the connector supplies
 * the wallet's provider on every call.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** Asks the wallet for its accounts (the wallet prompts). */
  connect(parameters: { provider: EIP1193Provider; network: CaipNetwork }): Promise<ConnectReturnType>
  /** Silent reconnect: the accounts the wallet still grants, or undefined (never prompts). */
  reconnect(parameters: { provider: EIP1193Provider; network?: CaipNetwork }): Promise<ConnectReturnType | undefined>
  /** Asks the wallet to forget this site, where it supports that. */
  disconnect(parameters: { provider: EIP1193Provider }): Promise<void>
  /** Follows the wallet's events; returns the function that stops. */
  watch(provider: EIP1193Provider, handlers: WalletEventHandlers): () => void
  /**
   * Asks the wallet to switch (adding the network when the wallet does not know it). Absent where
   * wallets have no network to switch (Solana): the dapp's choice is the network, if the wallet
   * approved it.
   */
  switchNetwork?(parameters: { provider: EIP1193Provider; network: CaipNetwork }): Promise<void>
  getNativeBalance(parameters: { address: string; network: CaipNetwork }): Promise<NativeBalance>
  /** Token balances (native included) from the balance service; an invalid reply rejects. */
  getTokenBalances(parameters: {
    address: string
    network: CaipNetwork
    forceUpdate?: boolean
  }): Promise<TokenBalance[]>
  /**
   * Token balances (native included) the wallet itself lists, where it offers that (eip155:
   * EIP-5792 asset discovery, then EIP-7811 `wallet_getAssets`); undefined when the balance
   * service must answer instead (not offered, failed, or a reply of the wrong shape). Never rejects.
   */
  getWalletAssets?(parameters: {
    provider: EIP1193Provider
    address: string
    network: CaipNetwork
  }): Promise<TokenBalance[] | undefined>
  /** Name and avatar of an address, where the namespace has names. */
  getIdentity?(parameters: { address: string; network: CaipNetwork }): Promise<Identity>
  signMessage(parameters: { provider: EIP1193Provider; address: string; message: string }): Promise<string>
  /** Sends and returns the transaction hash. */
  sendTransaction(parameters: SendParameters): Promise<string>
  /** Sends an arbitrary contract call (swaps) and returns the transaction hash; eip155 only. */
  sendCall?(parameters: CallParameters): Promise<string>
  waitForReceipt(parameters: { network: CaipNetwork; hash: string }): Promise<ReceiptOutcome>
  /** Calls `onBlock` on every new block; returns the function that stops. */
  watchBlocks(parameters: { network: CaipNetwork; onBlock: () => void }): () => void
  isAddress(value: string): boolean
  /** The provider a dapp gets from `useAppKitProvider`, usable by viem and wagmi. */
  wrapProvider?(
    provider: EIP1193Provider,
    hooks: { onTransactionSent(hash: string): void; onSignatureDeclined(method: string): void },
  ): EIP1193Provider
}

/** What an adapter is made from: the options' project id and endpoints. */
export interface AdapterConfig {
  projectId: string
  endpoints: Pick<Endpoints, 'api' | 'rpc'>
}

/** A namespace's adapter chunk, as the registry loads it: it makes the adapter from the options. */
export interface AdapterModule {
  createAdapter(config: AdapterConfig): ChainAdapter
}
