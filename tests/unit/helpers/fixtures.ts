/**
 * Networks (from tests/helpers/networks) and options used across core tests. The reset between
 * tests is `resetAllState` (./reset).
 */
import { base, mainnet, solana } from '../../helpers/networks'

export { mainnet, base, solana }

/** Minimal valid options. */
export function validInput(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { projectId: 'test-project', networks: [mainnet, base, solana], ...extra }
}

/** Deep copy so a test can break one field without touching the shared fixture. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}
