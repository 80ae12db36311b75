// The demo dapp: a React page on SigKit's React build and its hooks, against the local sandbox.
// Bundled by demo/build-app.mjs into dist/demo/app.js when the demo server starts.
import { StrictMode, useEffect, useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import {
  createPublicClient,
  createWalletClient,
  custom,
  http,
  isAddress,
  parseEther,
  verifyMessage,
  type EIP1193Provider,
} from 'viem'
import {
  AppKitButton,
  createAppKit,
  useAppKit,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitBalance,
  useAppKitNetwork,
  useAppKitProvider,
  useDisconnect,
  useWalletInfo,
} from 'sigkit/react'
import type { CaipNetwork } from 'sigkit'
import { createLocalSIWX, type SIWXConfig, type SIWXSession } from 'sigkit/siwx'
import { usePay, type PaymentAsset } from 'sigkit/pay'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { sandboxOptions } from './sandbox-options.js'

const options = sandboxOptions()
const sandbox = (
  globalThis as {
    __SIGKIT_SANDBOX__?: {
      accounts: { recipient: string }
      chains?: { caipNetworkId: string; rpcUrl: string }[]
      tokens: Record<number, { address: string; symbol: string; name: string; decimals: number }[]>
    } | null
  }
).__SIGKIT_SANDBOX__

/** Sign-in is off unless the page is opened with ?siwx=optional or ?siwx=required. */
const siwxMode = new URLSearchParams(location.search).get('siwx')
const siwx: SIWXConfig | undefined =
  siwxMode === 'optional' || siwxMode === 'required'
    ? createLocalSIWX({
        required: siwxMode === 'required',
        statement: 'Sign in to the SigKit demo dapp.',
        verify: verifySession,
      })
    : undefined
// Pay (sigkit/pay) and smart sessions are local features that are off unless the dapp turns them
// on: pay always here, smart sessions with ?sessions=on.
const smartSessions = new URLSearchParams(location.search).get('sessions') === 'on'
if (options)
  createAppKit({ ...(options as Parameters<typeof createAppKit>[0]), siwx, features: { pay: true, smartSessions } })

/** The demo checks signatures before keeping a session, as a server would. */
async function verifySession(session: SIWXSession): Promise<boolean> {
  const { chainId, accountAddress } = session.data
  if (chainId.startsWith('eip155:')) {
    const signed = {
      address: accountAddress as `0x${string}`,
      message: session.message,
      signature: session.signature as `0x${string}`,
    }
    // Through the chain where the sandbox runs it: a smart account's signature is checked by the
    // contract (ERC-1271); elsewhere only a plain account's can be checked.
    const rpcUrl = sandbox?.chains?.find((chain) => chain.caipNetworkId === chainId)?.rpcUrl
    return rpcUrl ? createPublicClient({ transport: http(rpcUrl) }).verifyMessage(signed) : verifyMessage(signed)
  }
  if (chainId.startsWith('solana:')) {
    const key = await crypto.subtle.importKey(
      'raw',
      getBase58Encoder().encode(accountAddress) as Uint8Array<ArrayBuffer>,
      'Ed25519',
      false,
      ['verify'],
    )
    const bytes = new TextEncoder().encode(session.message)
    return crypto.subtle.verify(
      'Ed25519',
      key,
      getBase58Encoder().encode(session.signature) as Uint8Array<ArrayBuffer>,
      bytes,
    )
  }
  return false
}

function App() {
  if (!options) {
    return (
      <main>
        <h1>SigKit demo dapp</h1>
        <p role="alert">
          The sandbox is not running. Start it with <code>npm run demo</code>.
        </p>
      </main>
    )
  }
  return (
    <main>
      <header>
        <h1>SigKit demo dapp</h1>
        <AppKitButton />
      </header>
      <AccountPanel />
      <SignInPanel />
      <NetworkPanel networks={options.networks as CaipNetwork[]} />
      <SendPanel />
      <PayPanel />
      <SignPanel />
      <SolanaSignPanel />
      <p className="links">
        Also: <a href="/cdn.html">the CDN build on a plain page</a>, <a href="/wagmi.html">a wagmi dapp</a>
      </p>
    </main>
  )
}

function AccountPanel() {
  const { status, address, isConnected, profileName } = useAppKitAccount()
  const { walletInfo } = useWalletInfo()
  const { balance, symbol, fetchBalance } = useAppKitBalance()
  const { disconnect } = useDisconnect()
  const { open } = useAppKit()
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="account-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="account-address">{address ?? '—'}</dd>
        <dt>Name</dt>
        <dd data-testid="account-name">{profileName ?? '—'}</dd>
        <dt>Wallet</dt>
        <dd>{walletInfo?.name ?? '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="account-balance">{balance !== undefined ? `${balance} ${symbol}` : '—'}</dd>
      </dl>
      {isConnected ? (
        <p className="row">
          <button type="button" onClick={() => void fetchBalance()}>
            Refresh balance
          </button>
          <button type="button" onClick={() => void open({ view: 'Account' })}>
            Open account
          </button>
          <button
            type="button"
            onClick={() => void open({ view: 'Swap', arguments: { fromToken: 'ETH', toToken: 'USDC', amount: '0.1' } })}
          >
            Swap 0.1 ETH for USDC
          </button>
          <button type="button" onClick={() => void disconnect()}>
            Disconnect
          </button>
        </p>
      ) : (
        <p className="row">
          <button type="button" onClick={() => void open()}>
            Connect a wallet
          </button>
        </p>
      )}
    </section>
  )
}

/** Asks the visitor to pay the sandbox recipient in USDC on Localhost L2 (sigkit/pay's usePay). */
function PayPanel() {
  const { pay, status, result, error } = usePay()
  const usdc = sandbox?.tokens[31338]?.find((token) => token.symbol === 'USDC')
  const asset: PaymentAsset | undefined = usdc && {
    network: 'eip155:31338',
    asset: usdc.address,
    metadata: { name: usdc.name, symbol: usdc.symbol, decimals: usdc.decimals },
  }
  const ask = (amount: string) => {
    if (asset && sandbox) void pay({ recipient: sandbox.accounts.recipient, amount, asset })
  }
  return (
    <section aria-labelledby="pay-title">
      <h2 id="pay-title">Pay</h2>
      <p className="row">
        <button type="button" disabled={!asset || status === 'pending'} onClick={() => ask('5')}>
          Pay 5 USDC on Localhost L2
        </button>
        <button type="button" disabled={!asset || status === 'pending'} onClick={() => ask('100000')}>
          Pay 100000 USDC on Localhost L2
        </button>
      </p>
      <dl>
        <dt>Status</dt>
        <dd data-testid="pay-status">{status}</dd>
        <dt>Transaction</dt>
        <dd data-testid="pay-hash">{result?.hash ?? '—'}</dd>
        <dt>Error</dt>
        <dd data-testid="pay-error">{error ? `${error.reason}: ${error.message}` : '—'}</dd>
      </dl>
    </section>
  )
}

function NetworkPanel({ networks }: { networks: CaipNetwork[] }) {
  const { caipNetwork, chainId, switchNetwork } = useAppKitNetwork()
  const [error, setError] = useState<string>()
  return (
    <section aria-labelledby="network-title">
      <h2 id="network-title">Network</h2>
      <p data-testid="network-name">
        {caipNetwork?.name ?? '—'} (chain {String(chainId ?? '—')})
      </p>
      <p className="row">
        {networks.map((network) => (
          <button
            key={network.caipNetworkId}
            type="button"
            disabled={network.caipNetworkId === caipNetwork?.caipNetworkId}
            onClick={() => {
              setError(undefined)
              switchNetwork(network).catch((reason: Error) => setError(reason.message))
            }}
          >
            Switch to {network.name}
          </button>
        ))}
      </p>
      {error && <p role="alert">{error}</p>}
    </section>
  )
}

/** The dapp's own viem clients over the provider SigKit hands out. */
function useWalletClient() {
  const { walletProvider } = useAppKitProvider<EIP1193Provider>('eip155')
  const { address } = useAppKitAccount()
  const { caipNetwork } = useAppKitNetwork()
  if (!walletProvider || !address || !caipNetwork) return undefined
  const transport = custom(walletProvider)
  return {
    account: address as `0x${string}`,
    wallet: createWalletClient({ account: address as `0x${string}`, transport }),
    reader: createPublicClient({ transport: http(caipNetwork.rpcUrls.default.http[0]) }),
  }
}

function SendPanel() {
  const clients = useWalletClient()
  const [to, setTo] = useState(sandbox?.accounts.recipient ?? '')
  const [amount, setAmount] = useState('0.01')
  const [status, setStatus] = useState<string>()
  async function send(event: FormEvent) {
    event.preventDefault()
    if (!clients) return
    if (!isAddress(to)) return setStatus('Enter a valid recipient address')
    setStatus('Waiting for the wallet…')
    try {
      const chainId = await clients.wallet.getChainId()
      const hash = await clients.wallet.sendTransaction({
        to,
        value: parseEther(amount),
        chain: null,
        account: clients.account,
      })
      setStatus(`Sent ${hash.slice(0, 10)}…, waiting for the receipt`)
      const receipt = await clients.reader.waitForTransactionReceipt({ hash })
      setStatus(`Confirmed in block ${receipt.blockNumber} on chain ${chainId}`)
    } catch (error) {
      setStatus((error as { shortMessage?: string; message: string }).shortMessage ?? (error as Error).message)
    }
  }
  return (
    <section aria-labelledby="send-title">
      <h2 id="send-title">Send ETH (viem over useAppKitProvider)</h2>
      <form onSubmit={send}>
        <label>
          Recipient
          <input value={to} onChange={(event) => setTo(event.target.value)} spellCheck={false} />
        </label>
        <label>
          Amount (ETH)
          <input value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" />
        </label>
        <button type="submit" disabled={!clients}>
          Send
        </button>
      </form>
      {status && (
        <p role="status" data-testid="send-status">
          {status}
        </p>
      )}
    </section>
  )
}

/** Whether the connected account is signed in on the active network (sessions from sigkit/siwx). */
function SignInPanel() {
  const { address } = useAppKitAccount()
  const { caipNetworkId } = useAppKitNetwork()
  const event = useAppKitEvents()
  const [sessions, setSessions] = useState<SIWXSession[]>([])
  useEffect(() => {
    if (!siwx || !address || !caipNetworkId) return setSessions([])
    let current = true
    void siwx.getSessions(caipNetworkId, address).then((found) => current && setSessions(found))
    return () => {
      current = false
    }
  }, [address, caipNetworkId, event])
  return (
    <section aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in with the wallet</h2>
      {siwx ? (
        <p role="status" data-testid="sign-in-status">
          {!address
            ? 'Not connected'
            : sessions.length > 0
              ? `Signed in as ${address} on ${caipNetworkId}`
              : 'Not signed in'}
          {siwxMode === 'required' ? ' (sign-in required)' : ' (sign-in optional)'}
        </p>
      ) : (
        <p>
          Sign-in is off. Open the page with <a href="?siwx=optional">?siwx=optional</a> or{' '}
          <a href="?siwx=required">?siwx=required</a>.
        </p>
      )}
    </section>
  )
}

function SignPanel() {
  const clients = useWalletClient()
  const [message, setMessage] = useState('Hello from the SigKit demo')
  const [result, setResult] = useState<string>()
  // The whole signature, for a test to check it apart from the page (the text shows its start).
  const [signature, setSignature] = useState<string>()
  async function sign() {
    if (!clients) return
    setResult('Waiting for the wallet…')
    setSignature(undefined)
    try {
      const signature = await clients.wallet.signMessage({ account: clients.account, message })
      setSignature(signature)
      // Through the chain: a smart account's signature is checked by the contract (ERC-1271).
      const valid = await clients.reader.verifyMessage({ address: clients.account, message, signature })
      setResult(`${valid ? 'Signature verified' : 'Signature INVALID'}: ${signature.slice(0, 18)}…`)
    } catch (error) {
      setResult((error as { shortMessage?: string; message: string }).shortMessage ?? (error as Error).message)
    }
  }
  return (
    <section aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label>
        Message
        <input value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <button type="button" disabled={!clients} onClick={() => void sign()}>
        Sign message
      </button>
      {result && (
        <p role="status" data-testid="sign-result" data-signature={signature}>
          {result}
        </p>
      )}
    </section>
  )
}

/**
 * Signing with the Solana account through useAppKitProvider('solana'): the same `solana_signMessage`
 * request (message and signature base58) whether the wallet is injected or on WalletConnect. The
 * signature is checked against the address (an ed25519 public key) with WebCrypto.
 */
function SolanaSignPanel() {
  const { walletProvider } = useAppKitProvider('solana')
  const { address } = useAppKitAccount({ namespace: 'solana' })
  const [message, setMessage] = useState('Hello from the SigKit demo, on Solana')
  const [result, setResult] = useState<string>()
  async function sign() {
    if (!walletProvider || !address) return
    setResult('Waiting for the wallet…')
    try {
      const bytes = new TextEncoder().encode(message)
      const reply = (await walletProvider.request({
        method: 'solana_signMessage',
        params: { message: getBase58Decoder().decode(bytes), pubkey: address },
      })) as { signature: string }
      const signature = getBase58Encoder().encode(reply.signature)
      const key = await crypto.subtle.importKey(
        'raw',
        getBase58Encoder().encode(address) as Uint8Array<ArrayBuffer>,
        'Ed25519',
        false,
        ['verify'],
      )
      const valid = await crypto.subtle.verify('Ed25519', key, signature as Uint8Array<ArrayBuffer>, bytes)
      setResult(`${valid ? 'Signature verified' : 'Signature INVALID'}: ${reply.signature.slice(0, 18)}…`)
    } catch (error) {
      setResult((error as Error).message)
    }
  }
  return (
    <section aria-labelledby="solana-sign-title">
      <h2 id="solana-sign-title">Sign a message with Solana</h2>
      <label>
        Solana message
        <input value={message} onChange={(event) => setMessage(event.target.value)} />
      </label>
      <button type="button" disabled={!walletProvider || !address} onClick={() => void sign()}>
        Sign with Solana
      </button>
      {result && (
        <p role="status" data-testid="solana-sign-result">
          {result}
        </p>
      )}
    </section>
  )
}

const container = document.getElementById('app')
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
