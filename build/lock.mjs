// One build or test run at a time per checkout. Several people (and agents) share this working
// tree; two runs at once would delete each other's dist/ mid-test. tests/run.mjs holds the lock
// for the whole run and tells its children (build.mjs) through SIGKIT_LOCK_HELD.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const WAIT_LIMIT_MS = 10 * 60_000

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/**
 * Take `.tmp/run.lock` in `root`, waiting while another live process holds it. Released when
 * this process exits. No-op when the parent already holds it (SIGKIT_LOCK_HELD=1).
 */
export async function acquireRunLock(root, what) {
  if (process.env.SIGKIT_LOCK_HELD === '1') return
  const lock = join(root, '.tmp', 'run.lock')
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const deadline = Date.now() + WAIT_LIMIT_MS
  let announced = false
  for (;;) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' })
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
    }
    let holder
    try {
      holder = Number.parseInt(readFileSync(lock, 'utf8'), 10)
    } catch {
      continue // released between our two calls
    }
    if (!Number.isInteger(holder) || !isAlive(holder)) {
      rmSync(lock, { force: true }) // left behind by a run that was killed
      continue
    }
    if (Date.now() > deadline)
      throw new Error(`${lock} still held by pid ${holder} after ${WAIT_LIMIT_MS / 60_000} min`)
    if (!announced) {
      console.log(`${what}: waiting for pid ${holder} (another build or test run in this checkout) to finish`)
      announced = true
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  process.env.SIGKIT_LOCK_HELD = '1' // inherited by child processes
  process.on('exit', () => {
    try {
      if (Number.parseInt(readFileSync(lock, 'utf8'), 10) === process.pid) rmSync(lock, { force: true })
    } catch {
      // already gone
    }
  })
}
