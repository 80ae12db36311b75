// Shared by the sandbox integration tests: JSON over fetch and "is anything listening here?".
import { connect } from 'node:net'

export interface JsonAnswer<T = any> {
  status: number
  headers: Headers
  body: T
}

/** GET (or any method) a URL and parse the answer as JSON. */
export async function fetchJson<T = any>(url: string, init: RequestInit = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, init)
  const text = await response.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status}, not JSON: ${text.slice(0, 200)}`)
  }
  return { status: response.status, headers: response.headers, body }
}

/** POST a JSON body. */
export function postJson<T = any>(url: string, body: unknown): Promise<JsonAnswer<T>> {
  return fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** A JSON-RPC call straight to a node (or through the emulator's /v1/). */
export async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const { body } = await postJson(url, { jsonrpc: '2.0', id: 1, method, params })
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Whether a TCP connection to 127.0.0.1:port is accepted. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Whether a process with this id exists (and is not a zombie we could still signal). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export const portOf = (url: string): number => Number(new URL(url).port)
