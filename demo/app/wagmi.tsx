// The wagmi demo page (demo/wagmi.html): a dapp written the way Reown AppKit's wagmi quickstart
// writes it, with only the import lines changed to SigKit's. Its networks are viem `Chain`
// objects (defineChain), as `viem/chains` gives them. Bundled by demo/build-app.mjs into
// dist/demo/wagmi.js, against SigKit's React build.
import { StrictMode, useState, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  WagmiProvider,
  useAccount,
  useBalance,
  useDisconnect,
  usePublicClient,
  useSendCalls,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
  useWaitForCallsStatus,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import { defineChain, erc20Abi, formatEther, parseAbi, parseEther, parseUnits, type Address } from 'viem'
import { WagmiAdapter } from 'sigkit/wagmi'
import { AppKitButton, createAppKit, useAppKitNetwork } from 'sigkit/react'
import { sandboxOptions } from './sandbox-options.js'

interface SandboxToken {
  address: Address
  symbol: string
  decimals: number
}
const sandbox = (
  globalThis as {
    __SIGKIT_SANDBOX__?: {
      accounts: { recipient: Address }
      tokens: Record<number, SandboxToken[]>
      amm: Record<number, { router: Address; weth: Address }>
    } | null
  }
).__SIGKIT_SANDBOX__
const sandboxed = sandboxOptions()

// 1. The networks, as viem chains (what `import { mainnet, arbitrum } from 'viem/chains'` gives).
const networks = (sandboxed?.networks ?? [])
  .filter((network) => (network as { chainNamespace?: string }).chainNamespace === 'eip155')
  .map((network) => {
    const { id, name, rpcUrls } = network as { id: number; name: string; rpcUrls: { default: { http: string[] } } }
    return defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls })
  })

// 2. The wagmi adapter, 3. the modal: AppKit's quickstart, line for line.
const projectId = sandboxed?.projectId ?? 'sigkit-sandbox'
const wagmiAdapter = networks.length > 0 ? new WagmiAdapter({ networks, projectId, ssr: false }) : undefined
if (sandboxed && wagmiAdapter) {
  const { endpoints, metadata } = sandboxed as Parameters<typeof createAppKit>[0]
  createAppKit({
    adapters: [wagmiAdapter],
    networks,
    projectId,
    metadata,
    // The sandbox's local services in place of the hosted ones (an AppKit dapp has no such line).
    endpoints,
  })
}
const queryClient = new QueryClient()

function Providers({ children }: { children: ReactNode }) {
  if (!wagmiAdapter) return <p role="alert">The sandbox is not running. Start it with npm run demo.</p>
  return (
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
}

function App() {
  return (
    <main>
      <header>
        <h1>SigKit with wagmi</h1>
        <AppKitButton />
      </header>
      <WagmiAccount />
      <SwitchChain />
      <SendTransaction />
      <WriteContract />
      <SendCalls />
      <SignMessage />
      <p className="links">
        Also: <a href="/">the demo dapp on SigKit's own hooks</a>
      </p>
    </main>
  )
}

function WagmiAccount() {
  const { address, status, chainId, connector } = useAccount()
  const balance = useBalance({ address })
  const { caipNetwork } = useAppKitNetwork()
  const { disconnect } = useDisconnect()
  return (
    <section aria-labelledby="wagmi-account">
      <h2 id="wagmi-account">useAccount and useBalance</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Connector</dt>
        <dd data-testid="wagmi-connector">{connector?.id ?? '—'}</dd>
        <dt>wagmi chain</dt>
        <dd data-testid="wagmi-chain">{chainId ?? '—'}</dd>
        <dt>Modal network</dt>
        <dd data-testid="modal-network">{caipNetwork?.caipNetworkId ?? '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="wagmi-balance">{balance.data ? `${formatEther(balance.data.value)} ETH` : '—'}</dd>
      </dl>
      <p className="row">
        <button type="button" onClick={() => void balance.refetch()} disabled={!address}>
          Refetch balance
        </button>
        <button type="button" onClick={() => disconnect()} disabled={status !== 'connected'}>
          wagmi disconnect
        </button>
      </p>
    </section>
  )
}

function SwitchChain() {
  const { chains, switchChain, error, isPending } = useSwitchChain()
  const { status } = useAccount()
  return (
    <section aria-labelledby="wagmi-switch">
      <h2 id="wagmi-switch">useSwitchChain</h2>
      <p className="row">
        {chains.map((chain) => (
          <button
            key={chain.id}
            type="button"
            disabled={status !== 'connected' || isPending}
            onClick={() => switchChain({ chainId: chain.id })}
          >
            wagmi switch to {chain.name}
          </button>
        ))}
      </p>
      {error ? <p role="alert">{error.message.split('\n')[0]}</p> : null}
    </section>
  )
}

function SendTransaction() {
  const { data: hash, sendTransaction, error, isPending } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  const { status } = useAccount()
  return (
    <section aria-labelledby="wagmi-send">
      <h2 id="wagmi-send">useSendTransaction</h2>
      <button
        type="button"
        disabled={status !== 'connected' || isPending || !sandbox}
        onClick={() => sandbox && sendTransaction({ to: sandbox.accounts.recipient, value: parseEther('0.01') })}
      >
        Send 0.01 ETH with wagmi
      </button>
      <p data-testid="send-hash">{hash ?? ''}</p>
      <p data-testid="send-receipt">{receipt.data ? receipt.data.status : hash ? 'pending' : ''}</p>
      {error ? <p role="alert">{error.message.split('\n')[0]}</p> : null}
    </section>
  )
}

function WriteContract() {
  const { chainId, status } = useAccount()
  const { data: hash, writeContract, error, isPending } = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash })
  const token = chainId === undefined ? undefined : sandbox?.tokens[chainId]?.[0]
  return (
    <section aria-labelledby="wagmi-write">
      <h2 id="wagmi-write">useWriteContract</h2>
      <button
        type="button"
        disabled={status !== 'connected' || isPending || !token}
        onClick={() =>
          token &&
          sandbox &&
          writeContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [sandbox.accounts.recipient, parseUnits('1', token.decimals)],
          })
        }
      >
        Transfer 1 {token?.symbol ?? 'token'} with wagmi
      </button>
      <p data-testid="write-receipt">{receipt.data ? receipt.data.status : hash ? 'pending' : ''}</p>
      {error ? <p role="alert">{error.message.split('\n')[0]}</p> : null}
    </section>
  )
}

const wethAbi = parseAbi(['function deposit() payable'])
const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])
/** What the batch wraps and swaps. */
const BATCH_SWAP_WEI = parseEther('0.01')

/**
 * wagmi's useSendCalls (EIP-5792): wrap ETH, approve the sandbox's router and swap the WETH for
 * USDC as one batch; a wallet that executes batches atomically (the embedded smart account) sends
 * it as one transaction.
 */
function SendCalls() {
  const { address, chainId, status } = useAccount()
  const { data, sendCalls, error, isPending } = useSendCalls()
  const result = useWaitForCallsStatus({ id: data?.id })
  const amm = chainId === undefined ? undefined : sandbox?.amm[chainId]
  const usdc = chainId === undefined ? undefined : sandbox?.tokens[chainId]?.find((token) => token.symbol === 'USDC')
  function send() {
    if (!amm || !usdc || !address) return
    sendCalls({
      forceAtomic: true,
      calls: [
        { to: amm.weth, abi: wethAbi, functionName: 'deposit', value: BATCH_SWAP_WEI },
        { to: amm.weth, abi: erc20Abi, functionName: 'approve', args: [amm.router, BATCH_SWAP_WEI] },
        {
          to: amm.router,
          abi: routerAbi,
          functionName: 'swapExactTokensForTokens',
          args: [BATCH_SWAP_WEI, 0n, [amm.weth, usdc.address], address, BigInt(Math.floor(Date.now() / 1000) + 600)],
        },
      ],
    })
  }
  return (
    <section aria-labelledby="wagmi-calls">
      <h2 id="wagmi-calls">useSendCalls</h2>
      <button type="button" disabled={status !== 'connected' || isPending || !amm || !usdc} onClick={send}>
        Wrap, approve and swap 0.01 ETH for USDC in one batch with wagmi
      </button>
      <p data-testid="calls-status">{result.data ? result.data.status : data ? 'pending' : ''}</p>
      <p data-testid="calls-hashes">
        {result.data?.receipts?.map((receipt) => receipt.transactionHash).join(' ') ?? ''}
      </p>
      {error ? <p role="alert">{error.message.split('\n')[0]}</p> : null}
    </section>
  )
}

function SignMessage() {
  const { address } = useAccount()
  const { signMessageAsync } = useSignMessage()
  const publicClient = usePublicClient()
  const [result, setResult] = useState('')
  async function sign() {
    const message = 'Hello from wagmi through SigKit'
    try {
      const signature = await signMessageAsync({ message })
      // Through the chain: a smart account's signature is checked by the contract (ERC-1271).
      const valid = address && publicClient ? await publicClient.verifyMessage({ address, message, signature }) : false
      setResult(valid ? 'Signature verified' : 'Signature does not verify')
    } catch (error) {
      setResult(`Refused: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  return (
    <section aria-labelledby="wagmi-sign">
      <h2 id="wagmi-sign">useSignMessage</h2>
      <button type="button" disabled={!address} onClick={() => void sign()}>
        Sign message with wagmi
      </button>
      <p data-testid="sign-result">{result}</p>
    </section>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  )
}
