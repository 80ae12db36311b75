// Preloaded into every uvu test process by tests/run.mjs. uvu runs a suite's `before` hooks
// inside a try whose `finally` returns, so a hook that throws fails every test of the file with
// no error printed at all: this prints it first. It wraps the default suite, `test`, the one
// every file with hooks uses (files made of `suite()`s have none).
import { test } from 'uvu'

for (const kind of ['before', 'after']) {
  const register = test[kind]
  const wrapped = (hook) =>
    register(async (state) => {
      try {
        await hook(state)
      } catch (error) {
        console.error(`\n✘ the ${kind} hook failed (uvu does not say why):`, error)
        throw error
      }
    })
  wrapped.each = register.each
  test[kind] = wrapped
}
