// @ts-check
// The secure frame's smart accounts: a SmartAccountFactory (contracts/SmartAccountFactory.sol) on
// every anvil chain, deployed by the token deployer (anvil #9) after its tokens and AMM, so their
// addresses stay what they were. The frame reads the factory's address from its page config; an
// account is deployed by its owner's first use (factory.deploy(owner), CREATE2 with salt 0).
//
//   const { factory } = await deploySmartAccountFactory({ rpcUrl, deployer })
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { getContractAddress } from 'viem'
import { pendingNonce, sendInOrder } from './evm-batch.mjs'
import { contractsDir } from './paths.mjs'

const DEPLOY_GAS = 1_500_000n

/**
 * @param {'SmartAccount' | 'SmartAccountFactory'} name
 * @returns {{ abi: import('viem').Abi, bytecode: `0x${string}` }} the committed compile
 */
export function loadSmartAccountArtifact(name) {
  return JSON.parse(readFileSync(join(contractsDir, `${name}.json`), 'utf8'))
}

/**
 * Deploy the factory on one chain. `deployer` must be unlocked in anvil.
 * @param {{ rpcUrl: string, deployer: `0x${string}` }} options
 * @returns {Promise<{ factory: `0x${string}` }>}
 */
export async function deploySmartAccountFactory({ rpcUrl, deployer }) {
  const nonce = await pendingNonce(rpcUrl, deployer)
  const factory = getContractAddress({ from: deployer, nonce: BigInt(nonce) })
  const { receipts } = await sendInOrder(rpcUrl, deployer, [
    { data: loadSmartAccountArtifact('SmartAccountFactory').bytecode, gas: DEPLOY_GAS },
  ])
  if (receipts[0]?.status !== '0x1') throw new Error(`SmartAccountFactory deployment on ${rpcUrl} failed`)
  return { factory }
}
