#!/usr/bin/env node
// @ts-check
// Compiles the sandbox's contracts with solc-js: Token.sol into Token.json, the AMM
// (WrappedEther.sol, SwapPair.sol, SwapRouter.sol) and the NFT collection (Collectible.sol) into
// one JSON each ({ abi, bytecode }), and the secure frame's SmartAccount and SmartAccountFactory.
//
//   node demo/sandbox/contracts/compile.mjs
//
// The JSON files are committed so the demo and tests never compile at start (solc-js takes ~1 s
// and a lot of memory). tests/integration/sandbox checks that the committed files still match a
// fresh compile, so edit a .sol file, run this, and commit both.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { contractsDir } from '../paths.mjs'

export const TOKEN_SOURCE_FILE = join(contractsDir, 'Token.sol')
export const TOKEN_ARTIFACT_FILE = join(contractsDir, 'Token.json')
/** The AMM's contracts, each compiled from `<name>.sol` into `<name>.json`. */
export const AMM_CONTRACTS = Object.freeze(['WrappedEther', 'SwapPair', 'SwapRouter'])
export const ammArtifactFile = (/** @type {string} */ name) => join(contractsDir, `${name}.json`)
export const COLLECTIBLE_SOURCE_FILE = join(contractsDir, 'Collectible.sol')
export const COLLECTIBLE_ARTIFACT_FILE = join(contractsDir, 'Collectible.json')
/** The secure frame's smart accounts (SmartAccountFactory imports SmartAccount), `<name>.json` each. */
export const SMART_ACCOUNT_CONTRACTS = Object.freeze(['SmartAccount', 'SmartAccountFactory'])

/**
 * Compile Token.sol. Settings are fixed (evmVersion paris: anvil supports newer, but paris
 * avoids PUSH0 so the bytecode also runs on chains that lag behind; optimizer on).
 * No metadata hash is appended, so the bytecode depends only on the code and the settings:
 * editing a comment in Token.sol does not change it.
 * @returns {{ abi: unknown[], bytecode: `0x${string}` }}
 */
export function compileToken() {
  const artifacts = compileSources({ 'Token.sol': readFileSync(TOKEN_SOURCE_FILE, 'utf8') }, ['Token'])
  return /** @type {{ abi: unknown[], bytecode: `0x${string}` }} */ (artifacts['Token'])
}

/**
 * Compile the AMM's contracts together (SwapRouter imports SwapPair), with Token's settings.
 * @returns {Record<string, { abi: unknown[], bytecode: `0x${string}` }>} by contract name
 */
export function compileAmm() {
  const sources = Object.fromEntries(
    AMM_CONTRACTS.map((name) => [`${name}.sol`, readFileSync(join(contractsDir, `${name}.sol`), 'utf8')]),
  )
  return compileSources(sources, AMM_CONTRACTS)
}

/**
 * Compile Collectible.sol (the sandbox's ERC-721), with Token's settings.
 * @returns {{ abi: unknown[], bytecode: `0x${string}` }}
 */
export function compileCollectible() {
  const compiled = compileSources({ 'Collectible.sol': readFileSync(COLLECTIBLE_SOURCE_FILE, 'utf8') }, ['Collectible'])
  return /** @type {NonNullable<(typeof compiled)[string]>} */ (compiled['Collectible'])
}

/**
 * Compile the smart account and its factory together, with Token's settings.
 * @returns {Record<string, { abi: unknown[], bytecode: `0x${string}` }>} by contract name
 */
export function compileSmartAccounts() {
  const sources = Object.fromEntries(
    SMART_ACCOUNT_CONTRACTS.map((name) => [`${name}.sol`, readFileSync(join(contractsDir, `${name}.sol`), 'utf8')]),
  )
  return compileSources(sources, SMART_ACCOUNT_CONTRACTS)
}

/**
 * @param {Record<string, string>} sources file name → Solidity source; contract `X` lives in `X.sol`
 * @param {readonly string[]} names the contracts to return
 * @returns {Record<string, { abi: unknown[], bytecode: `0x${string}` }>}
 */
function compileSources(sources, names) {
  // solc is CommonJS and heavy: load it only when compiling.
  const solc = createRequire(import.meta.url)('solc')
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: Object.fromEntries(
        names.map((name) => [`${name}.sol`, { [name]: ['abi', 'evm.bytecode.object'] }]),
      ),
    },
  }
  // Imports resolve among the given sources only.
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((/** @type {{severity: string}} */ e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `${Object.keys(sources).join(', ')} do not compile:\n${errors.map((/** @type {{formattedMessage: string}} */ e) => e.formattedMessage).join('\n')}`,
    )
  }
  return Object.fromEntries(
    names.map((name) => {
      const contract = output.contracts[`${name}.sol`][name]
      return [name, { abi: contract.abi, bytecode: /** @type {`0x${string}`} */ (`0x${contract.evm.bytecode.object}`) }]
    }),
  )
}

/** The artifact as written to disk (stable formatting, so a fresh compile compares equal). */
export function serializeArtifact(/** @type {{ abi: unknown[], bytecode: string }} */ artifact) {
  return `${JSON.stringify({ abi: artifact.abi, bytecode: artifact.bytecode }, null, 2)}\n`
}

// By path, not by import.meta.url: bundled into a test file, this module's URL is the test's own,
// and the test would recompile and rewrite the artifacts every time it runs.
if (process.argv[1] && resolve(process.argv[1]) === join(contractsDir, 'compile.mjs')) {
  const written = [
    [TOKEN_ARTIFACT_FILE, compileToken()],
    ...Object.entries(compileAmm()).map(([name, artifact]) => [ammArtifactFile(name), artifact]),
    [COLLECTIBLE_ARTIFACT_FILE, compileCollectible()],
    ...Object.entries(compileSmartAccounts()).map(([name, artifact]) => [ammArtifactFile(name), artifact]),
  ]
  for (const [file, artifact] of /** @type {[string, { abi: unknown[], bytecode: string }][]} */ (written)) {
    writeFileSync(file, serializeArtifact(artifact))
    console.log(`Wrote ${file} (${(artifact.bytecode.length - 2) / 2} bytes of bytecode)`)
  }
}
