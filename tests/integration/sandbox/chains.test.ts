// The chains as viem sees them, without the emulator in between: chain ids, the deployed
// tokens, the wallet's funding; and Token.json still matching Token.sol.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPublicClient, erc20Abi, formatEther, formatUnits, getContractAddress, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { compileToken, serializeArtifact, TOKEN_ARTIFACT_FILE } from '../../../demo/sandbox/contracts/compile.mjs'
import { startSandbox } from '../../../demo/sandbox/index.mjs'
import { jsonRpc } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startSandbox>>
let sandbox: Sandbox

test.before(async () => {
  sandbox = await startSandbox()
})
test.after(() => sandbox?.stop())

const clientFor = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

test('two chains: 31337 "Localhost" and 31338 "Localhost L2", each answering its own chain id', async () => {
  assert.equal(
    sandbox.chains.map(({ chainId, name, caipNetworkId }) => ({ chainId, name, caipNetworkId })),
    [
      { chainId: 31337, name: 'Localhost', caipNetworkId: 'eip155:31337' },
      { chainId: 31338, name: 'Localhost L2', caipNetworkId: 'eip155:31338' },
    ],
  )
  for (const chain of sandbox.chains) {
    assert.match(chain.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.is(Number(await jsonRpc(chain.rpcUrl, 'eth_chainId')), chain.chainId)
    assert.is(await clientFor(chain.rpcUrl).getChainId(), chain.chainId)
  }
  assert.is.not(sandbox.chains[0]!.rpcUrl, sandbox.chains[1]!.rpcUrl)
})

test('accounts come from the test mnemonic: wallet = #0, recipient = #2', () => {
  const mnemonic = 'test test test test test test test test test test test junk'
  assert.is(sandbox.accounts.wallet, mnemonicToAccount(mnemonic, { addressIndex: 0 }).address)
  assert.is(sandbox.accounts.wallet, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  assert.is(sandbox.accounts.recipient, mnemonicToAccount(mnemonic, { addressIndex: 2 }).address)
})

test('USDC (6 decimals) and SKT (18) at the same addresses on both chains, deployed by account #9', async () => {
  const deployer = mnemonicToAccount('test test test test test test test test test test test junk', {
    addressIndex: 9,
  }).address
  const expected = [
    getContractAddress({ from: deployer, nonce: 0n }),
    getContractAddress({ from: deployer, nonce: 1n }),
  ]
  for (const chain of sandbox.chains) {
    const tokens = sandbox.tokens[chain.chainId]!
    assert.equal(
      tokens.map(({ symbol, name, decimals }) => ({ symbol, name, decimals })),
      [
        { symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        { symbol: 'SKT', name: 'SigKit Token', decimals: 18 },
      ],
    )
    assert.equal(
      tokens.map((token) => token.address),
      expected,
    )
    const client = clientFor(chain.rpcUrl)
    for (const token of tokens) {
      const address = token.address as `0x${string}`
      assert.is(await client.readContract({ address, abi: erc20Abi, functionName: 'name' }), token.name)
      assert.is(await client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }), token.symbol)
      assert.is(await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }), token.decimals)
    }
  }
})

test('the wallet holds 1250.5 USDC, 42 SKT and its 10000 ETH on both chains', async () => {
  const wallet = sandbox.accounts.wallet as `0x${string}`
  for (const chain of sandbox.chains) {
    const client = clientFor(chain.rpcUrl)
    const [usdc, skt] = sandbox.tokens[chain.chainId]!
    const usdcBalance = await client.readContract({
      address: usdc!.address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
    })
    const sktBalance = await client.readContract({
      address: skt!.address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
    })
    assert.is(formatUnits(usdcBalance, 6), '1250.5', `USDC on ${chain.chainId}`)
    assert.is(formatUnits(sktBalance, 18), '42', `SKT on ${chain.chainId}`)
    assert.is(formatEther(await client.getBalance({ address: wallet })), '10000', `ETH on ${chain.chainId}`)
    // The wallet has sent nothing: a test wallet starts from nonce 0.
    assert.is(await client.getTransactionCount({ address: wallet }), 0)
  }
})

test('sandboxConfig() is plain JSON with the API URL, chains, tokens and accounts', () => {
  const config = sandbox.sandboxConfig()
  assert.equal(JSON.parse(JSON.stringify(config)), config)
  assert.is(config.apiUrl, sandbox.apiUrl)
  assert.equal(config.chains, sandbox.chains)
  assert.equal(config.tokens, sandbox.tokens)
  assert.equal(config.accounts, sandbox.accounts)
})

test('the committed Token.json matches a fresh compile of Token.sol', () => {
  const committed = readFileSync(TOKEN_ARTIFACT_FILE, 'utf8')
  const fresh = serializeArtifact(compileToken())
  assert.ok(committed === fresh, 'Token.json is stale: run `node demo/sandbox/contracts/compile.mjs` and commit it')
  assert.is(TOKEN_ARTIFACT_FILE, join(process.cwd(), 'demo/sandbox/contracts/Token.json'))
  const { abi } = JSON.parse(committed)
  const names = abi
    .filter((item: { type: string }) => item.type === 'function' || item.type === 'event')
    .map((item: { name: string }) => item.name)
    .sort()
  assert.equal(names, [
    'Approval',
    'Transfer',
    'allowance',
    'approve',
    'balanceOf',
    'decimals',
    'name',
    'symbol',
    'totalSupply',
    'transfer',
    'transferFrom',
  ])
})

test.run()
