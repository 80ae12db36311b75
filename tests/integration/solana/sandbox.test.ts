// The sandbox's local Solana network (demo/sandbox/solana.mjs) through @solana/kit, as a dapp or
// wallet would use it: real ed25519 signing with the test-wallet seeds, confirmation over
// getSignatureStatuses and the signatureSubscribe WebSocket, SPL token transfers, and the API
// emulator's Solana balance route and RPC proxy.
import {
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  address,
  airdropFactory,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  compileTransactionMessage,
  getSignatureFromTransaction,
  getTransactionEncoder,
  isAddress,
  isSolanaError,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MALFORMED_BODIES } from '../../../demo/sandbox/api-faults.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import {
  SOLANA_RECIPIENT_ADDRESS,
  SOLANA_RECIPIENT_SEED,
  SOLANA_WALLET_ADDRESS,
  SOLANA_WALLET_SEED,
} from '../../../demo/test-wallet/solana-account.js'
import WebSocket from 'ws'
import { startSolana } from '../../../demo/sandbox/solana.mjs'
import { formatBaseUnits } from '../../../demo/sandbox/solana-accounts.mjs'
import { fetchJson, isListening, jsonRpc, portOf, postJson } from '../sandbox/helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
// The sandbox URL is a plain string: the full API (requestAirdrop included), no cluster brand.
let rpc: ReturnType<typeof createSolanaRpc<string>>
let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions<string>>
let wallet: KeyPairSigner
let recipient: KeyPairSigner
let mint: Address
/** Aborted in after(): ends every WebSocket subscription, so the process can exit. */
const subscriptions = new AbortController()

const seedBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
const LAMPORTS_PER_SOL = 1_000_000_000n

test.before(async () => {
  sandbox = await startSandbox()
  rpc = createSolanaRpc(sandbox.solana.rpcUrl)
  rpcSubscriptions = createSolanaRpcSubscriptions(sandbox.solana.wsUrl)
  wallet = await createKeyPairSignerFromPrivateKeyBytes(seedBytes(SOLANA_WALLET_SEED))
  recipient = await createKeyPairSignerFromPrivateKeyBytes(seedBytes(SOLANA_RECIPIENT_SEED))
  mint = address(sandbox.solana.tokens[0]!.address)
})
test.after(async () => {
  subscriptions.abort()
  await sandbox?.stop()
})

// ── helpers ────────────────────────────────────────────────────────────────────────────────

/** A signed transaction of `instructions`, paid by `payer`, on the latest blockhash (or `blockhash`). */
async function signedTransaction(
  payer: KeyPairSigner,
  instructions: Instruction[],
  blockhash?: { blockhash: string; lastValidBlockHeight: bigint },
) {
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime as any, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return signTransactionMessageWithSigners(message)
}

const transferSol = (source: KeyPairSigner, destination: Address, amount: bigint) =>
  getTransferSolInstruction({ source, destination, amount: lamports(amount) })

async function send(transaction: Awaited<ReturnType<typeof signedTransaction>>) {
  return rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
}

const balanceOf = async (owner: Address) => (await rpc.getBalance(owner).send()).value

/** The fee the network asks for this transaction's message. */
async function feeOf(transaction: Awaited<ReturnType<typeof signedTransaction>>) {
  const message = getBase64Decoder().decode(transaction.messageBytes) as any
  const fee = (await rpc.getFeeForMessage(message).send()).value
  assert.ok(fee !== null, 'the blockhash is still valid')
  return fee!
}

/**
 * Subscribe (signatureSubscribe) to `signature`; resolves once subscribed, with `first`: the
 * first notification.
 */
async function subscribeToSignature(signature: Signature) {
  const notifications = await rpcSubscriptions
    .signatureNotifications(signature, { commitment: 'confirmed' })
    .subscribe({ abortSignal: subscriptions.signal })
  const first = (async () => {
    for await (const notification of notifications) return notification
    throw new Error('subscription ended without a notification')
  })()
  return { first }
}

/** Reject if `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms).unref()),
  ])
}

async function usdcAccountOf(owner: Address) {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

async function rawRpc(body: unknown) {
  return postJson(sandbox.solana.rpcUrl, body)
}

// ── accounts and the network ───────────────────────────────────────────────────────────────

test('solana-account.js: each address is the ed25519 public key of its seed, and the sandbox funds those', async () => {
  assert.is(wallet.address, SOLANA_WALLET_ADDRESS)
  assert.is(recipient.address, SOLANA_RECIPIENT_ADDRESS)
  assert.match(SOLANA_WALLET_SEED, /^[0-9a-f]{64}$/)
  assert.match(SOLANA_RECIPIENT_SEED, /^[0-9a-f]{64}$/)
  assert.equal(sandbox.solana.accounts, { wallet: SOLANA_WALLET_ADDRESS, recipient: SOLANA_RECIPIENT_ADDRESS })
})

test('sandboxConfig().solana: plain JSON with the URLs, a CAIP-2 id from the genesis hash, the USDC mint and the accounts', async () => {
  const config = sandbox.sandboxConfig().solana
  assert.equal(JSON.parse(JSON.stringify(config)), config)
  assert.equal(Object.keys(config).sort(), [
    'accounts',
    'caipNetworkId',
    'genesisHash',
    'name',
    'rpcUrl',
    'tokens',
    'wsUrl',
  ])
  assert.match(config.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
  assert.is(config.wsUrl, config.rpcUrl.replace('http:', 'ws:'))
  assert.is(config.name, 'Solana Local')
  assert.ok(isAddress(config.genesisHash), 'base58 of 32 bytes')
  assert.is(config.caipNetworkId, `solana:${config.genesisHash.slice(0, 32)}`)
  assert.is(await rpc.getGenesisHash().send(), config.genesisHash)
  assert.equal(config.tokens, [{ address: mint, symbol: 'USDC', name: 'USD Coin', decimals: 6 }])
})

test('funded at start: the wallet holds 10 SOL and 1250.5 USDC in its associated token account, the recipient 1 SOL', async () => {
  assert.is(await balanceOf(wallet.address), 10n * LAMPORTS_PER_SOL)
  assert.is(await balanceOf(recipient.address), 1n * LAMPORTS_PER_SOL)
  const balance = await rpc.getTokenAccountBalance(await usdcAccountOf(wallet.address)).send()
  assert.equal(balance.value, { amount: '1250500000', decimals: 6, uiAmount: 1250.5, uiAmountString: '1250.5' })
  const mintAccount = (await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()).value as any
  assert.is(mintAccount.owner, TOKEN_PROGRAM_ADDRESS)
  assert.is(mintAccount.data.parsed.type, 'mint')
  assert.is(mintAccount.data.parsed.info.decimals, 6)
  assert.is(mintAccount.data.parsed.info.supply, '1250500000')
})

// ── SOL transfers ──────────────────────────────────────────────────────────────────────────

test('a SOL transfer signed with the wallet seed lands: confirmed by getSignatureStatuses and signatureSubscribe, balances move by exactly the amount and the fee', async () => {
  const amount = 123_456_789n
  const [walletBefore, recipientBefore] = [await balanceOf(wallet.address), await balanceOf(recipient.address)]
  const slotBefore = await rpc.getSlot().send()
  const blockhashBefore = (await rpc.getLatestBlockhash().send()).value.blockhash

  const transaction = await signedTransaction(wallet, [transferSol(wallet, recipient.address, amount)])
  const fee = await feeOf(transaction)
  assert.is(fee, 5000n)
  const expected = getSignatureFromTransaction(transaction)
  const subscription = await subscribeToSignature(expected) // subscribed before sending
  const signature = await send(transaction)
  assert.is(signature, expected)

  const notification = await within(subscription.first, 'signatureNotification')
  assert.equal(notification.value, { err: null })
  const {
    value: [status],
  } = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()
  assert.ok(status, 'a status for the landed signature')
  assert.is(status!.err, null)
  assert.is(status!.confirmationStatus, 'finalized')
  assert.is(status!.slot, notification.context.slot)

  assert.is(await balanceOf(recipient.address), recipientBefore + amount)
  assert.is(await balanceOf(wallet.address), walletBefore - amount - fee)
  assert.ok((await rpc.getSlot().send()) > slotBefore, 'the slot advanced')
  assert.is.not((await rpc.getLatestBlockhash().send()).value.blockhash, blockhashBefore)
})

test('signatureSubscribe for a signature that already landed notifies at once', async () => {
  const transaction = await signedTransaction(wallet, [transferSol(wallet, recipient.address, 1_000_000n)])
  const signature = await send(transaction)
  const notification = await within((await subscribeToSignature(signature)).first, 'the immediate notification', 2000)
  assert.equal(notification.value, { err: null })
})

test('two identical transfers one after the other both land; one built on an older recent blockhash lands too; the same bytes twice do not', async () => {
  const amount = 2_000_000n
  const before = await balanceOf(recipient.address)
  const older = (await rpc.getLatestBlockhash().send()).value
  const firstTransaction = await signedTransaction(wallet, [transferSol(wallet, recipient.address, amount)])
  const first = await send(firstTransaction)
  const second = await send(await signedTransaction(wallet, [transferSol(wallet, recipient.address, amount)]))
  assert.is.not(first, second)
  // `older` was the latest before the two transfers above: no longer the latest, still recent.
  assert.is.not((await rpc.getLatestBlockhash().send()).value.blockhash, older.blockhash)
  await send(await signedTransaction(wallet, [transferSol(wallet, recipient.address, amount + 1n)], older))
  assert.is(await balanceOf(recipient.address), before + 3n * amount + 1n)

  const replay = await send(firstTransaction).then(
    () => undefined,
    (error: unknown) => error,
  )
  assert.ok(
    isSolanaError(replay, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    String(replay),
  )
  assert.ok(
    isSolanaError((replay as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED),
    String((replay as Error).cause),
  )
  assert.is(await balanceOf(recipient.address), before + 3n * amount + 1n, 'the replay moved nothing')
})

test('an overdraft fails preflight with the program error and its logs, and changes nothing', async () => {
  const [walletBefore, recipientBefore, slotBefore] = [
    await balanceOf(wallet.address),
    await balanceOf(recipient.address),
    await rpc.getSlot().send(),
  ]
  const transaction = await signedTransaction(wallet, [transferSol(wallet, recipient.address, walletBefore + 1n)])
  const error = await send(transaction).then(
    () => undefined,
    (e: unknown) => e,
  )
  assert.ok(
    isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    `preflight failure, got ${error}`,
  )
  const { context, cause } = error as any
  assert.ok(
    isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM),
    `the cause is the system program error, got ${cause}`,
  )
  assert.is(cause.context.code, 1)
  assert.ok(
    context.logs.some((line: string) => /Transfer: insufficient lamports \d+, need \d+/.test(line)),
    context.logs.join('\n'),
  )

  // The raw JSON-RPC error, as web3.js reads it.
  const raw = await rawRpc({
    jsonrpc: '2.0',
    id: 7,
    method: 'sendTransaction',
    params: [getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }],
  })
  assert.is(raw.body.id, 7)
  assert.is(raw.body.error.code, -32002)
  assert.is(
    raw.body.error.message,
    'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
  )
  assert.equal(raw.body.error.data.err, { InstructionError: [0, { Custom: 1 }] })

  assert.is(await balanceOf(wallet.address), walletBefore)
  assert.is(await balanceOf(recipient.address), recipientBefore)
  assert.is(await rpc.getSlot().send(), slotBefore)
  const {
    value: [status],
  } = await rpc
    .getSignatureStatuses([getSignatureFromTransaction(transaction)], { searchTransactionHistory: true })
    .send()
  assert.is(status, null)
})

test('sendTransaction takes base58 too (the default encoding), and getTransaction returns the landed transaction', async () => {
  const amount = 3_000_000n
  const transaction = await signedTransaction(wallet, [transferSol(wallet, recipient.address, amount)])
  const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(transaction))
  const { body } = await rawRpc({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base58] })
  assert.is(body.result, getSignatureFromTransaction(transaction))

  const unsupported = await rawRpc({
    jsonrpc: '2.0',
    id: 2,
    method: 'getTransaction',
    params: [body.result, { encoding: 'json' }],
  })
  assert.is(unsupported.body.error.code, -32015, 'a v0 transaction needs maxSupportedTransactionVersion')
  const landed = await rpc.getTransaction(body.result, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
  assert.ok(landed)
  assert.is(landed!.version, 0)
  assert.is(landed!.meta!.err, null)
  assert.is(landed!.meta!.fee, 5000n)
  assert.equal(landed!.transaction.signatures, [body.result])
  const keys = landed!.transaction.message.accountKeys
  const [walletIndex, recipientIndex] = [keys.indexOf(wallet.address), keys.indexOf(recipient.address)]
  assert.is(landed!.meta!.preBalances[walletIndex]! - landed!.meta!.postBalances[walletIndex]!, amount + 5000n)
  assert.is(landed!.meta!.postBalances[recipientIndex]! - landed!.meta!.preBalances[recipientIndex]!, amount)
  assert.ok(landed!.meta!.logMessages!.includes('Program 11111111111111111111111111111111 success'))
})

test("kit's sendAndConfirmTransaction and airdrop work end to end (they wait on slot and signature subscriptions)", async () => {
  const fresh = await generateKeyPairSigner()
  const airdrop = airdropFactory({ rpc, rpcSubscriptions })
  await within(
    airdrop({
      recipientAddress: fresh.address,
      lamports: lamports(2n * LAMPORTS_PER_SOL),
      commitment: 'confirmed',
      abortSignal: subscriptions.signal,
    }),
    'the airdrop',
  )
  assert.is(await balanceOf(fresh.address), 2n * LAMPORTS_PER_SOL)

  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
  const transaction = await signedTransaction(fresh, [transferSol(fresh, recipient.address, LAMPORTS_PER_SOL / 2n)])
  await within(
    sendAndConfirm(transaction as any, { commitment: 'confirmed', abortSignal: subscriptions.signal }),
    'sendAndConfirmTransaction',
  )
  assert.is(await balanceOf(fresh.address), 2n * LAMPORTS_PER_SOL - LAMPORTS_PER_SOL / 2n - 5000n)
})

test('accountSubscribe and slotSubscribe notify when a transfer lands: the new balance, the next slot', async () => {
  const accountNotifications = await rpcSubscriptions
    .accountNotifications(recipient.address, { commitment: 'confirmed', encoding: 'base64' })
    .subscribe({ abortSignal: subscriptions.signal })
  const slotNotifications = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: subscriptions.signal })
  const firstOf = async <T>(iterable: AsyncIterable<T>) => {
    for await (const item of iterable) return item
    throw new Error('ended without a notification')
  }
  const [account, slot] = [firstOf(accountNotifications), firstOf(slotNotifications)]
  const before = await balanceOf(recipient.address)
  await send(await signedTransaction(wallet, [transferSol(wallet, recipient.address, 4_000_000n)]))
  const accountNotification = await within(account, 'accountNotification')
  assert.is(accountNotification.value.lamports, before + 4_000_000n)
  assert.is(accountNotification.value.owner, '11111111111111111111111111111111')
  assert.is((await within(slot, 'slotNotification')).slot, await rpc.getSlot().send())
})

test('requestAirdrop: equal airdrops requested at once all land (each a faucet transfer of its own)', async () => {
  const fresh = await generateKeyPairSigner()
  // Raw requests: kit would coalesce three identical calls into one.
  const request = { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [fresh.address, Number(LAMPORTS_PER_SOL)] }
  const replies = await Promise.all([1, 2, 3].map(() => rawRpc(request)))
  const signatures = replies.map((reply) => reply.body.result as Signature)
  assert.is(new Set(signatures).size, 3, JSON.stringify(replies.map((reply) => reply.body)))
  const { value } = await rpc.getSignatureStatuses(signatures).send()
  assert.equal(
    value.map((status) => status?.err),
    [null, null, null],
  )
  assert.is(await balanceOf(fresh.address), 3n * LAMPORTS_PER_SOL)
})

// ── SPL tokens ─────────────────────────────────────────────────────────────────────────────

test("an SPL transferChecked to the recipient's associated token account (created in the same transaction) moves exactly the amount", async () => {
  const amount = 250_250_000n // 250.25 USDC
  const [walletUsdc, recipientUsdc] = [await usdcAccountOf(wallet.address), await usdcAccountOf(recipient.address)]
  const walletBefore = BigInt((await rpc.getTokenAccountBalance(walletUsdc).send()).value.amount)
  assert.is(
    (await rpc.getAccountInfo(recipientUsdc, { encoding: 'base64' }).send()).value,
    null,
    'no recipient token account yet',
  )

  const transaction = await signedTransaction(wallet, [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: wallet,
      ata: recipientUsdc,
      owner: recipient.address,
      mint,
    }),
    getTransferCheckedInstruction({
      source: walletUsdc,
      mint,
      destination: recipientUsdc,
      authority: wallet,
      amount,
      decimals: 6,
    }),
  ])
  const subscription = await subscribeToSignature(getSignatureFromTransaction(transaction))
  await send(transaction)
  assert.equal((await within(subscription.first, 'signatureNotification')).value, { err: null })

  assert.is((await rpc.getTokenAccountBalance(walletUsdc).send()).value.amount, String(walletBefore - amount))
  const { value: byMint } = await rpc
    .getTokenAccountsByOwner(recipient.address, { mint }, { encoding: 'jsonParsed' })
    .send()
  assert.is(byMint.length, 1)
  assert.is(byMint[0]!.pubkey, recipientUsdc)
  assert.equal(byMint[0]!.account.data.parsed.info.tokenAmount, {
    amount: '250250000',
    decimals: 6,
    uiAmount: 250.25,
    uiAmountString: '250.25',
  })
})

test("getTokenAccountsByOwner (programId filter, jsonParsed) answers in Solana's shape; a mint nobody has gives an empty list", async () => {
  const { context, value } = await rpc
    .getTokenAccountsByOwner(wallet.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
    .send()
  assert.type(context.slot, 'bigint' as Parameters<typeof assert.type>[1]) // uvu's Types lack 'bigint'
  assert.is(value.length, 1)
  const [{ pubkey, account }] = value as any
  assert.is(pubkey, await usdcAccountOf(wallet.address))
  assert.is(account.owner, TOKEN_PROGRAM_ADDRESS)
  assert.is(account.executable, false)
  assert.is(account.space, 165n)
  assert.is(account.lamports, await rpc.getMinimumBalanceForRentExemption(165n).send())
  assert.equal(Object.keys(account.data).sort(), ['parsed', 'program', 'space'])
  assert.is(account.data.program, 'spl-token')
  assert.is(account.data.parsed.type, 'account')
  const info = account.data.parsed.info
  assert.equal([info.isNative, info.mint, info.owner, info.state], [false, mint, wallet.address, 'initialized'])
  assert.is(info.tokenAmount.decimals, 6)

  const base64 = await rpc.getTokenAccountsByOwner(wallet.address, { mint }, { encoding: 'base64' }).send()
  assert.is(base64.value[0]!.account.data[1], 'base64')
  assert.is(Buffer.from(base64.value[0]!.account.data[0], 'base64').length, 165)
  assert.equal(
    (
      await rpc
        .getTokenAccountsByOwner(recipient.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
        .send()
    ).value.length,
    1,
  )
  assert.equal(
    (
      await rpc
        .getTokenAccountsByOwner((await generateKeyPairSigner()).address, { mint }, { encoding: 'jsonParsed' })
        .send()
    ).value,
    [],
  )
})

// ── the API emulator ───────────────────────────────────────────────────────────────────────

const balanceUrl = (owner: string, caip: string) =>
  `${sandbox.apiUrl}/v1/account/${owner}/balance?chainId=${caip}&currency=usd&projectId=p`

/** 10000000000n lamports with 9 decimals → '10', the numeric string the EVM lines use. */
const numeric = formatBaseUnits

test("balance route: SOL and USDC lines read from the SVM, exact to the lamport and base unit, in the EVM lines' shape", async () => {
  const caip = sandbox.solana.caipNetworkId
  const lamportsNow = await balanceOf(wallet.address)
  const usdcNow = BigInt((await rpc.getTokenAccountBalance(await usdcAccountOf(wallet.address)).send()).value.amount)
  assert.ok(lamportsNow % 1_000_000_000n !== 0n, 'fees make the SOL balance a fraction, so rounding would show')
  const { status, body } = await fetchJson(balanceUrl(wallet.address, caip))
  assert.is(status, 200)
  const icon = (symbol: string) => `${sandbox.apiUrl}/public/getTokenImage/${symbol}`
  assert.equal(body.balances, [
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: caip,
      value: 150 * Number(numeric(lamportsNow, 9)),
      price: 150,
      quantity: { decimals: '9', numeric: numeric(lamportsNow, 9) },
      iconUrl: icon('SOL'),
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: caip,
      address: `${caip}:${mint}`,
      value: Number(numeric(usdcNow, 6)),
      price: 1,
      quantity: { decimals: '6', numeric: numeric(usdcNow, 6) },
      iconUrl: icon('USDC'),
    },
  ])
  // Same keys, in the same order, as the EVM lines (native without `address`).
  const evm = (await fetchJson(balanceUrl(sandbox.accounts.wallet, 'eip155:31337'))).body.balances
  assert.equal(Object.keys(body.balances[0]), Object.keys(evm[0]))
  assert.equal(Object.keys(body.balances[1]), Object.keys(evm[1]))
  assert.is(evm[1].address, `eip155:31337:${sandbox.tokens[31337]![0]!.address}`, 'the same CAIP-10 form')
})

test('balance route: only holdings (no zero lines), an address without a chain id goes to Solana, bad addresses are 400', async () => {
  const fresh = await generateKeyPairSigner()
  const caip = sandbox.solana.caipNetworkId
  assert.equal((await fetchJson(balanceUrl(fresh.address, caip))).body, { balances: [] })
  await rpc.requestAirdrop(fresh.address, lamports(1_500_000_000n)).send()
  const { body } = await fetchJson(balanceUrl(fresh.address, caip))
  assert.equal(
    body.balances.map((line: any) => [line.symbol, line.quantity.numeric]),
    [['SOL', '1.5']],
  )
  const withoutChain = await fetchJson(`${sandbox.apiUrl}/v1/account/${fresh.address}/balance?currency=usd`)
  assert.equal(withoutChain.body, body)
  assert.is((await fetchJson(balanceUrl('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caip))).status, 400)
  assert.is((await fetchJson(balanceUrl('not-an-address', caip))).status, 400)
})

test('balance route: faults and the request log work for Solana answers as for EVM', async () => {
  sandbox.clearRequests()
  sandbox.faults.set({ route: 'balance', mode: '500', times: 1 })
  const url = balanceUrl(wallet.address, sandbox.solana.caipNetworkId)
  assert.is((await fetchJson(url)).status, 500)
  assert.is((await fetchJson(url)).status, 200, 'one failure, then it recovers')
  sandbox.faults.set({ route: 'balance', mode: 'malformed', times: 1 })
  assert.equal((await fetchJson(url)).body, MALFORMED_BODIES.balance)
  const logged = sandbox.requests('balance')
  assert.is(logged.length, 3)
  assert.ok(
    logged.every(
      (entry: any) =>
        entry.url.includes(`/v1/account/${wallet.address}/balance`) &&
        entry.url.includes(`chainId=${sandbox.solana.caipNetworkId}`),
    ),
  )
})

test('price route quotes SOL (by the wrapped SOL mint) and USDC (by its mint) on the Solana network', async () => {
  const caip = sandbox.solana.caipNetworkId
  const { body } = await postJson(`${sandbox.apiUrl}/v1/fungible/price?projectId=p`, {
    currency: 'usd',
    addresses: [
      `${caip}:So11111111111111111111111111111111111111111`,
      `${caip}:${mint}`,
      `${caip}:${(await generateKeyPairSigner()).address}`,
    ],
  })
  assert.equal(
    body.fungibles.map((item: any) => [item.symbol, item.price]),
    [
      ['SOL', 150],
      ['USDC', 1],
    ],
  )
})

test('RPC proxy: /v1/?chainId=solana:… forwards to the Solana RPC (kit works through it), and is logged', async () => {
  sandbox.clearRequests()
  const proxied = createSolanaRpc(`${sandbox.apiUrl}/v1/?chainId=${sandbox.solana.caipNetworkId}&projectId=p`)
  assert.is(await proxied.getGenesisHash().send(), sandbox.solana.genesisHash)
  assert.is((await proxied.getBalance(wallet.address).send()).value, await balanceOf(wallet.address))
  const transaction = await signedTransaction(wallet, [transferSol(wallet, recipient.address, 1_000_000n)])
  const signature = await proxied
    .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
    .send()
  const {
    value: [status],
  } = await rpc.getSignatureStatuses([signature]).send()
  assert.is(status?.err, null)
  assert.is(sandbox.requests('rpc').length, 3)
  const unknown = await postJson(`${sandbox.apiUrl}/v1/?chainId=solana:unknownunknownunknownunknownunkn`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'getSlot',
  })
  assert.is(unknown.status, 400)
})

// ── JSON-RPC plumbing ──────────────────────────────────────────────────────────────────────

test('JSON-RPC: unknown method -32601, malformed JSON -32700, batches answered in order, CORS for browser pages', async () => {
  const unknown = await rawRpc({ jsonrpc: '2.0', id: 'a', method: 'getEverything', params: [] })
  assert.equal(unknown.body, { jsonrpc: '2.0', id: 'a', error: { code: -32601, message: 'Method not found' } })

  const malformed = await fetchJson(sandbox.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc": "2.0", "id": 1, "method": ',
  })
  assert.is(malformed.body.error.code, -32700)
  assert.is(malformed.body.id, null)

  const batch = await rawRpc([
    { jsonrpc: '2.0', id: 1, method: 'getGenesisHash' },
    { jsonrpc: '2.0', id: 2, method: 'nope' },
    { jsonrpc: '2.0', id: 3, method: 'getBalance', params: [wallet.address] },
  ])
  assert.equal(
    batch.body.map((reply: any) => reply.id),
    [1, 2, 3],
  )
  assert.is(batch.body[0].result, sandbox.solana.genesisHash)
  assert.is(batch.body[1].error.code, -32601)
  assert.is(BigInt(batch.body[2].result.value), await balanceOf(wallet.address))
  assert.type(batch.body[2].result.context.slot, 'number')

  const badParams = await rawRpc({ jsonrpc: '2.0', id: 4, method: 'getBalance', params: ['not-base58!'] })
  assert.is(badParams.body.error.code, -32602)

  const preflight = await fetch(sandbox.solana.rpcUrl, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://127.0.0.1:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,solana-client',
    },
  })
  assert.is(preflight.status, 204)
  assert.is(preflight.headers.get('access-control-allow-origin'), '*')
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /solana-client/)
  assert.is(unknown.headers.get('access-control-allow-origin'), '*')
})

test('getVersion, getHealth, getEpochInfo, getMinimumBalanceForRentExemption and getMultipleAccounts answer', async () => {
  assert.match((await rpc.getVersion().send())['solana-core'], /^\d+\.\d+\.\d+$/)
  assert.is(await rpc.getHealth().send(), 'ok')
  const [slot, height, epoch] = [
    await rpc.getSlot().send(),
    await rpc.getBlockHeight().send(),
    await rpc.getEpochInfo().send(),
  ]
  assert.is(epoch.absoluteSlot, slot)
  assert.is(height, slot)
  assert.is(epoch.slotsInEpoch, 432_000n)
  assert.is(await rpc.getMinimumBalanceForRentExemption(0n).send(), 890_880n)
  const { value } = await rpc
    .getMultipleAccounts([wallet.address, (await generateKeyPairSigner()).address], { encoding: 'base64' })
    .send()
  assert.is(value[0]!.lamports, await balanceOf(wallet.address))
  assert.is(value[0]!.owner, '11111111111111111111111111111111')
  assert.is(value[1], null)
})

test('simulateTransaction: an unsigned transaction with sigVerify off and replaceRecentBlockhash runs on the latest blockhash and changes nothing', async () => {
  const before = await balanceOf(recipient.address)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(wallet, draft),
    (draft) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as any, lastValidBlockHeight: 0n },
        draft,
      ),
    (draft) => appendTransactionMessageInstructions([transferSol(wallet, recipient.address, 5_000_000n)], draft),
  )
  const messageBytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
  const unsigned = getTransactionEncoder().encode({ messageBytes, signatures: { [wallet.address]: null } } as any)
  const { value } = await rpc
    .simulateTransaction(Buffer.from(unsigned).toString('base64') as any, {
      encoding: 'base64',
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: { addresses: [recipient.address], encoding: 'base64' },
    })
    .send()
  assert.is(value.err, null)
  assert.is(value.replacementBlockhash?.blockhash, (await rpc.getLatestBlockhash().send()).value.blockhash)
  assert.is(value.accounts?.[0]?.lamports, before + 5_000_000n, 'the simulated state after it')
  assert.is(await balanceOf(recipient.address), before, 'nothing changed')
})

// ── lifecycle ──────────────────────────────────────────────────────────────────────────────

test('startSolana alone: a taken port fails with a clear message; stop() closes the port and the WebSocket clients', async () => {
  const taken = await startSolana({ port: portOf(sandbox.solana.rpcUrl) }).then(
    () => undefined,
    (error: Error) => error,
  )
  assert.match(String(taken?.message), /in use/)

  const network = await startSolana()
  const socket = new WebSocket(network.wsUrl)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const closed = new Promise((resolve) => socket.once('close', resolve))
  assert.is(
    await jsonRpc(network.rpcUrl, 'getGenesisHash'),
    sandbox.solana.genesisHash,
    'the same fixed genesis on every start',
  )
  await network.stop()
  await within(closed, 'the WebSocket to close')
  assert.not.ok(await isListening(network.port))
  await network.stop() // twice is fine
})

test.run()
