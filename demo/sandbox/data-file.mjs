// @ts-check
// The sandbox's data files (names.json, sessions.json): a versioned JSON list read at start, and
// replaced all at once on every change, so they survive a restart and a crash never leaves half
// of one.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * The list under `key` in `file`; none when the file does not exist yet. A file that is not ours
 * throws, so a broken file is never overwritten with an empty list.
 * @template T
 * @param {string} file
 * @param {{ version: number, key: string, valid: (item: any) => boolean }} format
 * @returns {Promise<T[]>}
 */
export async function readDataFile(file, { version, key, valid }) {
  let text
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return []
    throw error
  }
  let parsed
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`${file} is not JSON: fix or delete it to start with no ${key}`)
  }
  if (parsed?.version !== version || !Array.isArray(parsed[key]) || !parsed[key].every(valid))
    throw new Error(`${file} is not a ${key} file (version ${version}): fix or delete it to start with no ${key}`)
  return parsed[key]
}

/**
 * Replace `file` with `text` all at once: written beside it, then renamed over it, so a crash
 * leaves the old file or the new one, never half of one.
 * @param {string} file @param {string} text
 */
export async function writeAtomically(file, text) {
  await mkdir(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flush: true })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
