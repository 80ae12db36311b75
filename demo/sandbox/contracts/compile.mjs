#!/usr/bin/env node
// Compiles Token.sol with solc-js into Token.json ({ abi, bytecode }).
//
//   node demo/sandbox/contracts/compile.mjs
//
// Token.json is committed so the demo and tests never compile at start (solc-js takes ~1 s and
// a lot of memory). tests/integration/sandbox checks that the committed file still matches a
// fresh compile, so edit Token.sol, run this, and commit both.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { contractsDir } from '../paths.mjs'

export const TOKEN_SOURCE_FILE = join(contractsDir, 'Token.sol')
export const TOKEN_ARTIFACT_FILE = join(contractsDir, 'Token.json')

/**
 * Compile Token.sol. Settings are fixed (evmVersion paris: anvil supports newer, but paris
 * avoids PUSH0 so the bytecode also runs on chains that lag behind; optimizer on).
 * No metadata hash is appended, so the bytecode depends only on the code and the settings:
 * editing a comment in Token.sol does not change it.
 * @returns {{ abi: unknown[], bytecode: `0x${string}` }}
 */
export function compileToken() {
  // solc is CommonJS and heavy: load it only when compiling.
  const solc = createRequire(import.meta.url)('solc')
  const input = {
    language: 'Solidity',
    sources: { 'Token.sol': { content: readFileSync(TOKEN_SOURCE_FILE, 'utf8') } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { 'Token.sol': { Token: ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((/** @type {{severity: string}} */ e) => e.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `Token.sol does not compile:\n${errors.map((/** @type {{formattedMessage: string}} */ e) => e.formattedMessage).join('\n')}`,
    )
  }
  const contract = output.contracts['Token.sol'].Token
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
}

/** The artifact as written to disk (stable formatting, so a fresh compile compares equal). */
export function serializeArtifact(/** @type {{ abi: unknown[], bytecode: string }} */ artifact) {
  return `${JSON.stringify({ abi: artifact.abi, bytecode: artifact.bytecode }, null, 2)}\n`
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const artifact = compileToken()
  writeFileSync(TOKEN_ARTIFACT_FILE, serializeArtifact(artifact))
  console.log(`Wrote ${TOKEN_ARTIFACT_FILE} (${(artifact.bytecode.length - 2) / 2} bytes of bytecode)`)
}
