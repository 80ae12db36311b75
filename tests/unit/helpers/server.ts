/**
 * A real HTTP server on 127.0.0.1 (random port) for tests: no fetch mocking, requests go over
 * the network stack exactly as in production.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  json: unknown
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => unknown

export interface TestServer {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let json: unknown
    try {
      json = body ? JSON.parse(body) : undefined
    } catch {
      json = undefined
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      json,
    }
    requests.push(recorded)
    try {
      await handler(recorded, res)
    } catch (error) {
      res.statusCode = 599
      res.end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(value))
}
