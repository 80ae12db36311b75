/**
 * Error reports to the pulse service (SPEC §7, §9: at most 5 per rolling 60 s). LAZY: loaded by
 * the first report (analytics.ts's `reportError`), so page load carries only that call. It imports
 * nothing on purpose: a lazy module importing part of the page-load code would make esbuild split
 * the page-load chunks (one more request and its gzip overhead); analytics.ts hands it everything.
 * @internal
 */

/**
 * Sends one report made at `now`, unless `limit.max` reports went out in the last `limit.windowMs`
 * (`times`, updated in place). `post` is analytics.ts's sender to the pulse service.
 *
 * @returns whether the report was sent, or held for the analytics setting.
 * @internal
 * @example
 * ```ts
 * await sendErrorReport(target, clock.now(), error, 'iframe_load_failed', times, ERROR_REPORTS, postToPulse)
 * ```
 */
export async function sendErrorReport<Target>(
  target: Target,
  now: number,
  error: unknown,
  context: string,
  times: number[],
  limit: { max: number; windowMs: number },
  post: (target: Target, props: Record<string, unknown>, timestamp: number) => Promise<void>,
): Promise<boolean> {
  times.splice(0, times.length, ...times.filter((time) => now - time < limit.windowMs))
  if (times.length >= limit.max) return false
  times.push(now)
  const err = error instanceof Error ? error : new Error(String(error))
  try {
    await post(
      target,
      { type: 'error', event: context, errorType: err.name, errorMessage: err.message, stackTrace: err.stack ?? '' },
      now,
    )
    return true
  } catch {
    return false
  }
}
