// Real anvil chains for the test wallet's integration tests: the sandbox's own launcher
// (demo/sandbox/anvil.mjs), one anvil per chain on a free port, killed when the process exits.
import { startAnvil } from '../../../demo/sandbox/anvil.mjs'

export interface AnvilChain {
  chainId: number
  rpcUrl: string
  stop(): unknown
}

export function startChain(chainId: number): Promise<AnvilChain> {
  return startAnvil({ chainId })
}
