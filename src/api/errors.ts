/**
 * A hosted API answered with a body of the wrong shape. Callers ignore such replies instead of
 * replacing good state with garbage.
 */
export class InvalidResponseError extends Error {
  constructor(route: string, problem: string) {
    super(`Invalid response from ${route}: ${problem}`)
    this.name = 'InvalidResponseError'
  }
}
