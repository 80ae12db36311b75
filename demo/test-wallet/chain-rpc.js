// JSON-RPC over HTTP to a chain node (anvil in the sandbox). The node's own errors (a revert,
// insufficient funds) reach the dapp unchanged, with their code and data; a node that cannot be
// reached is EIP-1193's 4901, "not connected to the requested chain".
import { ProviderRpcError, chainDisconnected } from './errors.js'

let nextId = 1

/**
 * @param {string} rpcUrl
 * @param {string} method
 * @param {unknown[]} [params]
 * @returns {Promise<unknown>}
 */
export async function callChain(rpcUrl, method, params = []) {
  let body
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
    body = await response.json()
  } catch (error) {
    throw chainDisconnected(rpcUrl, error)
  }
  if (body?.error) {
    const { code, message, data } = body.error
    throw new ProviderRpcError(typeof code === 'number' ? code : -32603, String(message ?? 'Unknown node error'), data)
  }
  return body?.result
}
