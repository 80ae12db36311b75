// The emulator's history route against the real chains (demo/sandbox/history.mjs): real native,
// ERC-20, ERC-721, SOL and SPL transfers come back in the hosted shape (HOSTED-API.md §5) with
// the right direction, amount and decimals; 120 transfers page newest first, each once; the
// chain filter, the spam flag, the NFT metadata and pictures, /__sandbox/activity and the faults.
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase16Encoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { readFileSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { MALFORMED_BODIES } from '../../../demo/sandbox/api-faults.mjs'
import { viemChainFor } from '../../../demo/sandbox/chains.mjs'
import {
  COLLECTIBLE_ARTIFACT_FILE,
  compileCollectible,
  serializeArtifact,
} from '../../../demo/sandbox/contracts/compile.mjs'
import { HISTORY_PAGE_SIZE } from '../../../demo/sandbox/history.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { loadCollectibleArtifact } from '../../../demo/sandbox/nfts.mjs'
import { SOLANA_RECIPIENT_SEED } from '../../../demo/test-wallet/solana-account.js'
import { fetchJson, postJson } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox
let api: string
let wallet: `0x${string}`
let recipient: `0x${string}`
const SDK_PARAMS = 'projectId=test-project&st=appkit&sv=html-core-1.0.0'
const collectibleAbi = loadCollectibleArtifact().abi

test.before(async () => {
  sandbox = await startSandbox()
  api = sandbox.apiUrl
  wallet = sandbox.accounts.wallet as `0x${string}`
  recipient = sandbox.accounts.recipient as `0x${string}`
})
test.after(() => sandbox?.stop())
test.before.each(() => sandbox.faults.clear())

const historyUrl = (address: string, chainId?: string, cursor?: string) =>
  `${api}/v1/account/${address}/history?${SDK_PARAMS}` +
  (chainId ? `&chainId=${encodeURIComponent(chainId)}` : '') +
  (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '')

async function history(address: string, chainId?: string, cursor?: string) {
  const { status, body } = await fetchJson(historyUrl(address, chainId, cursor))
  assert.is(status, 200, JSON.stringify(body))
  return body as { data: any[]; next: string | null }
}

/** Every page, following `next`. */
async function allPages(address: string, chainId?: string) {
  const pages = [await history(address, chainId)]
  while (pages.at(-1)!.next) pages.push(await history(address, chainId, pages.at(-1)!.next!))
  return pages
}

const evm = (chainId: number) => {
  const chain = sandbox.chains.find((candidate) => candidate.chainId === chainId)!
  return {
    chain,
    client: createPublicClient({ transport: http(chain.rpcUrl) }),
    // Anvil holds the wallet's and the recipient's keys: it signs eth_sendTransaction itself.
    as: (account: `0x${string}`) =>
      createWalletClient({ account, chain: viemChainFor(chain), transport: http(chain.rpcUrl) }),
  }
}

/** Wait for the receipt, then the transaction as history lists it for `address`. */
async function listed(chainId: number, address: string, hash: `0x${string}`) {
  const { client } = evm(chainId)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  const { data } = await history(address, `eip155:${chainId}`)
  const found = data.find((item) => item.metadata.hash === hash)
  assert.ok(found, `${hash} is in ${address}'s history`)
  return { item: found, receipt, block: await client.getBlock({ blockNumber: receipt.blockNumber }) }
}

test('the start-up history: the token funding and the NFT mints, newest first, in the hosted shape', async () => {
  const { data, next } = await history(wallet, 'eip155:31337')
  assert.is(next, null)
  assert.is(data.length, 6, JSON.stringify(data.map((item) => item.transfers)))
  const [usdc, skt] = sandbox.tokens[31337]!
  const [pals, claim] = sandbox.nfts[31337]!
  // Newest first: the NFT mints (spam last minted), then the SKT and USDC funding.
  assert.equal(
    data.map((item) => item.transfers[0].fungible_info?.symbol ?? item.transfers[0].nft_info.name),
    ['Claim Your Reward #1', 'SigKit Pals #3', 'SigKit Pals #2', 'SigKit Pals #1', 'SKT', 'USDC'],
  )
  const funding = data[5]
  const block = await evm(31337).client.getTransactionReceipt({ hash: funding.metadata.hash })
  const { timestamp } = await evm(31337).client.getBlock({ blockNumber: block.blockNumber })
  assert.equal(funding, {
    id: `eip155:31337:${funding.metadata.hash}`,
    metadata: {
      operationType: 'receive',
      hash: funding.metadata.hash,
      minedAt: new Date(Number(timestamp) * 1000).toISOString(),
      sentFrom: '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
      sentTo: usdc!.address.toLowerCase(),
      status: 'confirmed',
      nonce: 2,
      chain: 'eip155:31337',
    },
    transfers: [
      {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: `${api}/public/getTokenImage/USDC` } },
        direction: 'in',
        quantity: { int: '1250500000', decimals: 6, float: 1250.5, numeric: '1250.5' },
        value: 1250.5,
        price: 1,
      },
    ],
  })
  assert.equal(data[4].transfers[0].quantity, { int: '42000000000000000000', decimals: 18, float: 42, numeric: '42' })
  assert.is(data[4].metadata.sentTo, skt!.address.toLowerCase())

  // The spam collection's mint is flagged (the widget hides a transaction made only of spam); the rest are not.
  const spam = data[0].transfers[0]
  assert.equal(spam.nft_info.flags, { is_spam: true })
  assert.is(data[0].metadata.sentTo, claim!.address.toLowerCase())
  for (const item of data.slice(1, 4)) assert.equal(item.transfers[0].nft_info.flags, { is_spam: false })
  assert.equal(data[3].transfers[0], {
    nft_info: {
      name: 'SigKit Pals #1',
      content: {
        preview: { url: `${api}/nft/31337/${pals!.address.toLowerCase()}/1/image`, content_type: null },
        detail: { url: `${api}/nft/31337/${pals!.address.toLowerCase()}/1/image`, content_type: null },
      },
      flags: { is_spam: false },
    },
    direction: 'in',
    quantity: { int: '1', decimals: 0, float: 1, numeric: '1' },
  })
})

test('sandboxConfig().nfts: both collections on both chains, the wallet holding what was minted', async () => {
  const config = sandbox.sandboxConfig()
  for (const { chainId } of sandbox.chains) {
    const collections = config.nfts[chainId]!
    assert.equal(
      collections.map(({ name, symbol, spam, walletTokenIds }: any) => ({ name, symbol, spam, walletTokenIds })),
      [
        { name: 'SigKit Pals', symbol: 'PALS', spam: false, walletTokenIds: [1, 2, 3] },
        { name: 'Claim Your Reward', symbol: 'CLAIM', spam: true, walletTokenIds: [1] },
      ],
    )
    for (const collection of collections) {
      const owners = await Promise.all(
        collection.walletTokenIds.map((id: number) =>
          evm(chainId).client.readContract({
            address: collection.address,
            abi: collectibleAbi,
            functionName: 'ownerOf',
            args: [BigInt(id)],
          }),
        ),
      )
      assert.ok(owners.every((owner) => owner === wallet))
    }
  }
})

test('tokenURI names the emulator: metadata JSON whose image is the SVG history previews; unknown tokens 404', async () => {
  const pals = sandbox.nfts[31338]![0]!
  const uri = await evm(31338).client.readContract({
    address: pals.address,
    abi: collectibleAbi,
    functionName: 'tokenURI',
    args: [2n],
  })
  assert.is(uri, `${api}/nft/31338/${pals.address.toLowerCase()}/2`)
  const { status, body } = await fetchJson(uri as string)
  assert.is(status, 200)
  assert.is(body.name, 'SigKit Pals #2')
  assert.is(body.image, `${api}/nft/31338/${pals.address.toLowerCase()}/2/image`)
  const image = await fetch(body.image)
  assert.is(image.headers.get('content-type'), 'image/svg+xml')
  assert.match(await image.text(), /^<svg [^>]*aria-label="PALS #2"/)
  assert.is((await fetchJson(`${api}/nft/31338/${pals.address}/99`)).status, 404)
  assert.is((await fetch(`${api}/nft/31338/${wallet}/1/image`)).status, 404, 'not a collection')
})

test('native ETH: out for the sender, in for the receiver, self for a send to oneself; the fee is not a transfer', async () => {
  const { as } = evm(31337)
  const hash = await as(wallet).sendTransaction({ to: recipient, value: parseEther('0.25') })
  const { item, receipt, block } = await listed(31337, wallet, hash)
  assert.equal(item.metadata, {
    operationType: 'send',
    hash,
    minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
    sentFrom: wallet.toLowerCase(),
    sentTo: recipient.toLowerCase(),
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:31337',
  })
  assert.equal(item.transfers, [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: `${api}/public/getTokenImage/ETH` } },
      direction: 'out',
      quantity: { int: '250000000000000000', decimals: 18, float: 0.25, numeric: '0.25' },
      value: 750,
      price: 3000,
    },
  ])
  assert.is(receipt.status, 'success')
  const received = (await listed(31337, recipient, hash)).item
  assert.is(received.metadata.operationType, 'receive')
  assert.is(received.transfers[0].direction, 'in')
  assert.is(received.transfers[0].quantity.numeric, '0.25')

  const self = await as(wallet).sendTransaction({ to: wallet, value: parseEther('1.5') })
  const selfItem = (await listed(31337, wallet, self)).item
  assert.is(selfItem.transfers[0].direction, 'self')
  assert.is(selfItem.transfers[0].quantity.numeric, '1.5')
  assert.is(selfItem.metadata.operationType, 'send')
  assert.is(selfItem.metadata.nonce, 1)
})

test('ERC-20: the token, its decimals and the amount; approvals read as approve, reverts as failed', async () => {
  const { as } = evm(31337)
  const usdc = sandbox.tokens[31337]![0]!
  const hash = await as(wallet).writeContract({
    address: usdc.address as `0x${string}`,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [recipient, parseUnits('12.345678', 6)],
  })
  const { item } = await listed(31337, wallet, hash)
  assert.is(item.metadata.operationType, 'send')
  assert.is(item.metadata.sentTo, usdc.address.toLowerCase())
  assert.equal(item.transfers, [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: `${api}/public/getTokenImage/USDC` } },
      direction: 'out',
      quantity: { int: '12345678', decimals: 6, float: 12.345678, numeric: '12.345678' },
      value: 12.345678,
      price: 1,
    },
  ])
  const received = (await listed(31337, recipient, hash)).item
  assert.equal(
    [received.metadata.operationType, received.transfers[0].direction, received.transfers[0].quantity.numeric],
    ['receive', 'in', '12.345678'],
  )

  const approve = await as(wallet).writeContract({
    address: usdc.address as `0x${string}`,
    abi: erc20Abi,
    functionName: 'approve',
    args: [recipient, 1n],
  })
  const approval = (await listed(31337, wallet, approve)).item
  assert.equal([approval.metadata.operationType, approval.transfers], ['approve', []])

  // More than the wallet holds: mined, reverted (gas given, so nothing estimates it away first).
  const reverted = await as(wallet).writeContract({
    address: usdc.address as `0x${string}`,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [recipient, parseUnits('1000000', 6)],
    gas: 100_000n,
  })
  const failed = (await listed(31337, wallet, reverted)).item
  assert.equal([failed.metadata.status, failed.metadata.operationType, failed.transfers], ['failed', 'execute', []])
})

test('ERC-721: a real safeTransferFrom is out for the wallet and in for the receiver, with the preview', async () => {
  const { as } = evm(31337)
  const pals = sandbox.nfts[31337]![0]!
  const hash = await as(wallet).writeContract({
    address: pals.address,
    abi: collectibleAbi,
    functionName: 'safeTransferFrom',
    args: [wallet, recipient, 2n],
  })
  const { item } = await listed(31337, wallet, hash)
  assert.is(item.metadata.operationType, 'send')
  assert.is(item.transfers.length, 1)
  const [transfer] = item.transfers
  assert.is(transfer.direction, 'out')
  assert.is(transfer.nft_info.name, 'SigKit Pals #2')
  assert.equal(transfer.nft_info.flags, { is_spam: false })
  assert.equal(transfer.quantity, { int: '1', decimals: 0, float: 1, numeric: '1' })
  const preview = await fetch(transfer.nft_info.content.preview.url)
  assert.is(preview.status, 200)
  assert.is(preview.headers.get('content-type'), 'image/svg+xml')
  const received = (await listed(31337, recipient, hash)).item
  assert.equal([received.metadata.operationType, received.transfers[0].direction], ['receive', 'in'])
  assert.is(received.transfers[0].nft_info.name, 'SigKit Pals #2')
})

test('SOL and SPL on the local Solana network: direction, amount and decimals; fees and rent are no transfers', async () => {
  const caip = sandbox.solana.caipNetworkId
  const { wallet: solanaWallet, recipient: solanaRecipient } = sandbox.solana.accounts
  const before = await history(solanaWallet, caip)
  // Start-up: 10 SOL and 1250.5 USDC came in.
  assert.equal(
    before.data.map((item) =>
      item.transfers.map((t: any) => [t.direction, t.quantity.numeric, t.fungible_info.symbol]),
    ),
    [[['in', '1250.5', 'USDC']], [['in', '10', 'SOL']]],
  )

  // A transfer the recipient signs itself (not through the sandbox control).
  const rpc = createSolanaRpc(sandbox.solana.rpcUrl)
  const signer = await createKeyPairSignerFromPrivateKeyBytes(
    Uint8Array.from(getBase16Encoder().encode(SOLANA_RECIPIENT_SEED)),
  )
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(signer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: signer, destination: solanaWallet as Address, amount: 250_000_000n })],
        draft,
      ),
  )
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message)), {
      encoding: 'base64',
    })
    .send()

  // And an SPL transfer out, through the control (it opens the recipient's token account: rent).
  const spl = await postJson(`${api}/__sandbox/activity`, { chainId: caip, token: 'USDC', amount: '2.5' })
  assert.is(spl.status, 200, JSON.stringify(spl.body))
  assert.equal(
    [spl.body.from, spl.body.to, spl.body.token, spl.body.hashes.length],
    [solanaWallet, solanaRecipient, 'USDC', 1],
  )

  const after = await history(solanaWallet, caip)
  assert.is(after.data.length, 4)
  const [usdcOut, solIn] = after.data
  assert.is(usdcOut.metadata.hash, spl.body.hashes[0])
  assert.equal(usdcOut.metadata.operationType, 'send')
  assert.equal(usdcOut.metadata.sentFrom, solanaWallet)
  assert.equal(usdcOut.metadata.sentTo, solanaRecipient)
  assert.equal(usdcOut.transfers, [
    {
      fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: `${api}/public/getTokenImage/USDC` } },
      direction: 'out',
      quantity: { int: '2500000', decimals: 6, float: 2.5, numeric: '2.5' },
      value: 2.5,
      price: 1,
    },
  ])
  assert.is(solIn.metadata.hash, signature)
  assert.equal(
    [solIn.metadata.operationType, solIn.metadata.status, solIn.metadata.chain],
    ['receive', 'confirmed', caip],
  )
  assert.equal(solIn.transfers[0].quantity, { int: '250000000', decimals: 9, float: 0.25, numeric: '0.25' })
  assert.is(solIn.transfers[0].fungible_info.symbol, 'SOL')
  assert.is(solIn.transfers[0].value, 37.5)

  const theirs = await history(solanaRecipient, caip)
  const sent = theirs.data.find((item) => item.metadata.hash === signature)
  assert.equal(
    sent.transfers.map((t: any) => [t.direction, t.quantity.numeric]),
    [['out', '0.25']],
    'the fee is not part of the amount',
  )
  const got = theirs.data.find((item) => item.metadata.hash === spl.body.hashes[0])
  assert.equal(
    got.transfers.map((t: any) => [t.direction, t.quantity.numeric, t.fungible_info.symbol]),
    [['in', '2.5', 'USDC']],
  )
})

test('120 real transfers in well under 2 s; paging returns each once, newest first, then next: null', async () => {
  const started = Date.now()
  const sent = await postJson(`${api}/__sandbox/activity`, { chainId: 'eip155:31338', count: 120 })
  const took = Date.now() - started
  assert.is(sent.status, 200, JSON.stringify(sent.body))
  assert.is(sent.body.hashes.length, 120)
  assert.ok(took < 2000, `sending 120 took ${took} ms`)
  assert.equal([sent.body.from, sent.body.to, sent.body.token, sent.body.amount], [wallet, recipient, 'ETH', '0.0001'])

  const pages = await allPages(wallet, 'eip155:31338')
  // 120 sends + 6 start-up transactions.
  assert.equal(
    pages.map((page) => page.data.length),
    [HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, 126 - 2 * HISTORY_PAGE_SIZE],
  )
  const items = pages.flatMap((page) => page.data)
  const hashes = items.map((item) => item.metadata.hash)
  assert.is(new Set(hashes).size, hashes.length, 'no transaction twice')
  assert.equal(hashes.slice(0, 120), [...sent.body.hashes].reverse())
  assert.equal(
    items.slice(0, 120).map((item) => item.metadata.nonce),
    Array.from({ length: 120 }, (_, i) => 119 - i),
  )
  for (const item of items.slice(0, 120)) {
    assert.is(item.metadata.operationType, 'send')
    assert.equal(item.transfers[0].quantity, { int: '100000000000000', decimals: 18, float: 0.0001, numeric: '0.0001' })
  }
  const times = items.map((item) => Date.parse(item.metadata.minedAt))
  assert.ok(
    times.every((time, i) => i === 0 || time <= times[i - 1]!),
    'minedAt never rises down the list',
  )
})

test('indexing is incremental: a repeated request costs one small RPC batch', async () => {
  await history(wallet, 'eip155:31338')
  const before = sandbox.api.history.stats()['eip155:31338']!
  const head = await evm(31338).client.getBlockNumber()
  assert.is(before.blocks, Number(head) + 1)
  for (let i = 0; i < 3; i++) await history(wallet, 'eip155:31338')
  const after = sandbox.api.history.stats()['eip155:31338']!
  assert.equal([after.blocks, after.transactions], [before.blocks, before.transactions])
  assert.is(after.rpcRequests - before.rpcRequests, 3)
})

test('a cursor holds its place when new transactions arrive between pages', async () => {
  const first = await history(wallet, 'eip155:31338')
  await postJson(`${api}/__sandbox/activity`, { chainId: 'eip155:31338', count: 3 })
  const second = await history(wallet, 'eip155:31338', first.next!)
  const firstHashes = new Set(first.data.map((item) => item.metadata.hash))
  assert.ok(second.data.every((item) => !firstHashes.has(item.metadata.hash)))
  const newest = await history(wallet, 'eip155:31338')
  assert.is(newest.data[3].metadata.hash, first.data[0].metadata.hash, 'the three new ones lead the first page')
})

test('chainId filters; without it, every chain of the namespace, newest first; unknown chains are empty', async () => {
  const l1 = await allPages(wallet, 'eip155:31337')
  assert.ok(l1.flatMap((page) => page.data).every((item) => item.metadata.chain === 'eip155:31337'))
  const both = (await allPages(wallet)).flatMap((page) => page.data)
  const l2 = (await allPages(wallet, 'eip155:31338')).flatMap((page) => page.data)
  assert.is(both.length, l1.flatMap((page) => page.data).length + l2.length)
  assert.equal([...new Set(both.map((item) => item.metadata.chain))].sort(), ['eip155:31337', 'eip155:31338'])
  const times = both.map((item) => Date.parse(item.metadata.minedAt))
  assert.ok(times.every((time, i) => i === 0 || time <= times[i - 1]!))
  // A Solana address without chainId: the Solana network.
  const solana = await history(sandbox.solana.accounts.wallet)
  assert.ok(solana.data.length > 0 && solana.data.every((item) => item.metadata.chain === sandbox.solana.caipNetworkId))

  assert.equal(await history(wallet, 'eip155:1'), { data: [], next: null })
  const stranger = '0x000000000000000000000000000000000000dEaD'
  assert.equal(await history(stranger, 'eip155:31337'), { data: [], next: null })
  const invalid = await fetchJson(historyUrl('0x1234', 'eip155:31337'))
  assert.equal([invalid.status, invalid.body.error], [400, 'Invalid address'])
  const wrongNamespace = await fetchJson(historyUrl(wallet, sandbox.solana.caipNetworkId))
  assert.is(wrongNamespace.status, 400)
  const badCursor = await fetchJson(historyUrl(wallet, 'eip155:31337', 'not-a-cursor'))
  assert.equal([badCursor.status, badCursor.body.error], [400, 'Invalid cursor'])
})

test('a rewound chain (evm_revert) is indexed again: reverted transactions leave the history', async () => {
  const { client, as } = evm(31337)
  const snapshot = await client.request({ method: 'evm_snapshot' as any })
  const hash = await as(wallet).sendTransaction({ to: recipient, value: parseEther('0.5') })
  await listed(31337, wallet, hash)
  await client.request({ method: 'evm_revert' as any, params: [snapshot] as any })
  // A different block at the same height, so the index cannot tell from the head alone.
  const replacement = await as(wallet).sendTransaction({ to: recipient, value: parseEther('0.75') })
  const { data } = await history(wallet, 'eip155:31337')
  assert.not.ok(data.some((item) => item.metadata.hash === hash))
  assert.is(data[0].metadata.hash, replacement)
})

test('pending transactions (automine off) lead the list, then turn confirmed once mined', async () => {
  const { client, as } = evm(31337)
  const usdc = sandbox.tokens[31337]![0]!
  await client.request({ method: 'evm_setAutomine' as any, params: [false] as any })
  try {
    const native = await as(wallet).sendTransaction({ to: recipient, value: parseEther('0.125') })
    const token = await as(wallet).writeContract({
      address: usdc.address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, parseUnits('3', 6)],
      gas: 100_000n,
    })
    const { data } = await history(wallet, 'eip155:31337')
    assert.equal(
      data.slice(0, 2).map((item) => [item.metadata.hash, item.metadata.status, item.metadata.operationType]),
      [
        [token, 'pending', 'send'],
        [native, 'pending', 'send'],
      ],
    )
    assert.equal(
      data.slice(0, 2).map((item) => [item.transfers[0].fungible_info.symbol, item.transfers[0].quantity.numeric]),
      [
        ['USDC', '3'],
        ['ETH', '0.125'],
      ],
    )
    const incoming = (await history(recipient, 'eip155:31337')).data[0]
    assert.equal([incoming.metadata.status, incoming.transfers[0].direction], ['pending', 'in'])
    await client.request({ method: 'evm_mine' as any })
  } finally {
    await client.request({ method: 'evm_setAutomine' as any, params: [true] as any })
  }
  const { data } = await history(wallet, 'eip155:31337')
  assert.equal(
    data.slice(0, 2).map((item) => item.metadata.status),
    ['confirmed', 'confirmed'],
  )
})

test('/__sandbox/activity: ERC-20, another sender, and 400 for what it cannot do', async () => {
  const usdc = await postJson(`${api}/__sandbox/activity`, {
    chainId: 'eip155:31337',
    token: 'usdc',
    amount: '1.25',
    count: 2,
  })
  assert.is(usdc.status, 200, JSON.stringify(usdc.body))
  const { data } = await history(recipient, 'eip155:31337')
  assert.equal(
    data.slice(0, 2).map((item) => item.metadata.hash),
    [...usdc.body.hashes].reverse(),
  )
  assert.ok(data.slice(0, 2).every((item) => item.transfers[0].quantity.numeric === '1.25'))

  // The recipient pays the wallet; the default receiver flips to the wallet.
  const back = await postJson(`${api}/__sandbox/activity`, { chainId: 31337, from: 'recipient' })
  assert.equal([back.status, back.body.to], [200, wallet])
  const incoming = (await history(wallet, 'eip155:31337')).data[0]
  assert.equal([incoming.metadata.hash, incoming.transfers[0].direction], [back.body.hashes[0], 'in'])

  for (const [body, message] of [
    [{ chainId: 'eip155:1' }, /Unknown chainId/],
    [{}, /chainId/],
    [{ chainId: 'eip155:31337', count: 0 }, /count/],
    [{ chainId: 'eip155:31337', count: 5000 }, /count/],
    [{ chainId: 'eip155:31337', token: 'DOGE' }, /Unknown token/],
    [{ chainId: 'eip155:31337', amount: '-1' }, /amount/],
    [{ chainId: 'eip155:31337', from: 'nobody' }, /from/],
    [{ chainId: sandbox.solana.caipNetworkId, from: sandbox.solana.accounts.wallet.replace(/.$/, '2') }, /Solana/],
  ] as const) {
    const answer = await postJson(`${api}/__sandbox/activity`, body)
    assert.is(answer.status, 400, JSON.stringify(body))
    assert.match(answer.body.error, message)
  }
})

test('faults: 500, 429, slow, malformed and invalid JSON on the history route', async () => {
  const url = historyUrl(wallet, 'eip155:31337')
  sandbox.faults.set({ route: 'history', mode: '500', times: 1 })
  assert.is((await fetchJson(url)).status, 500)
  assert.is((await fetchJson(url)).status, 200, 'times: 1 recovers')

  const set = await postJson(`${api}/__sandbox/faults`, { route: 'history', mode: '429', times: 1 })
  assert.is(set.status, 200)
  const limited = await fetch(url)
  assert.equal([limited.status, limited.headers.get('retry-after')], [429, '1'])

  sandbox.faults.set({ route: 'history', mode: 'malformed', times: 1 })
  const malformed = await fetchJson(url)
  assert.equal([malformed.status, malformed.body], [200, MALFORMED_BODIES.history])
  assert.not.ok(typeof malformed.body.next === 'string' || malformed.body.next === null)

  sandbox.faults.set({ route: 'history', mode: 'invalid-json', times: 1 })
  const broken = await fetch(url)
  assert.is(broken.status, 200)
  const text = await broken.text()
  assert.throws(() => JSON.parse(text))

  sandbox.faults.set({ route: 'history', mode: 'slow', delayMs: 300, times: 1 })
  const started = Date.now()
  assert.is((await fetchJson(url)).status, 200)
  assert.ok(Date.now() - started >= 290)
  assert.ok(sandbox.requests('history').length >= 5, 'the log names the route')
})

test('the committed Collectible.json matches a fresh compile of Collectible.sol', () => {
  const committed = readFileSync(COLLECTIBLE_ARTIFACT_FILE, 'utf8')
  assert.ok(
    committed === serializeArtifact(compileCollectible()),
    'Collectible.json is stale: run `node demo/sandbox/contracts/compile.mjs` and commit it',
  )
})

test.run()
