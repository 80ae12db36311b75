// Soak bench page (bench/soak.mjs), React build: <AppKitButton/> and the modal-open pages'
// options (modal-options.js: the API emulator, the chain's RPC through its `rpc` route, the
// sandbox's relay), plus the sandbox's secure frame (`secure` query parameter) for the embedded
// wallet's email login. The runner drives it through `window.soak`, what a dapp has: the provider
// SigKit hands out (useAppKitProvider, which a dapp signs with) and useAppKitBalance (the balance
// SigKit shows, and its fetchBalance).
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import {
  AppKitButton,
  createAppKit,
  useAppKitAccount,
  useAppKitBalance,
  useAppKitProvider,
  type UseAppKitBalanceReturnType,
} from 'sigkit/react'
import { benchOptions } from './modal-options.js'

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }

const options = benchOptions()
const secureSite = new URLSearchParams(location.search).get('secure')
const appKit = createAppKit({
  ...options,
  endpoints: { ...options.endpoints, ...(secureSite ? { secureSite } : {}) },
} as Parameters<typeof createAppKit>[0])
const soak = {
  appKit,
  provider: undefined as Provider | undefined,
  address: undefined as string | undefined,
  balance: undefined as string | undefined,
  fetchBalance: undefined as UseAppKitBalanceReturnType['fetchBalance'] | undefined,
}
Object.assign(window, { soak, appKit })

function Dapp() {
  const { walletProvider } = useAppKitProvider<Provider>('eip155')
  const { address } = useAppKitAccount()
  const { balance, fetchBalance } = useAppKitBalance()
  useEffect(() => {
    Object.assign(soak, { provider: walletProvider, address, balance, fetchBalance })
  }, [walletProvider, address, balance, fetchBalance])
  return <AppKitButton />
}

createRoot(document.getElementById('app') as HTMLElement).render(<Dapp />)
