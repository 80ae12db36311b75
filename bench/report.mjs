// The bench's tables (Markdown, printed and put in the README) and the targets, judged
// as stated: a target is met or not met, never relaxed.

const f = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a')
const ratio = (baseline, ours) =>
  Number.isFinite(baseline) && Number.isFinite(ours) && ours > 0 ? `${(baseline / ours).toFixed(1)}x` : 'n/a'
const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} KB` : 'n/a')
const BUILD = { react: 'React', cdn: 'CDN' }
const UPDATE = { one: '1 token', tenth: '10 %', all: 'all' }

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

export function balanceTable(rows) {
  const pairs = rows.filter((row) => row.impl === 'signals')
  return table(
    [
      'Build',
      'Tokens',
      'Update',
      'DOM patched: SigKit / store (ms)',
      'Ratio',
      'Next frame: SigKit / store (ms)',
      'Renders: SigKit / store',
      'Unchanged rows rendered',
      'DOM mutations: SigKit / store',
    ],
    pairs.map((ours) => {
      const base = rows.find(
        (row) =>
          row.impl === 'store' && row.build === ours.build && row.tokens === ours.tokens && row.update === ours.update,
      )
      return [
        BUILD[ours.build],
        ours.tokens,
        UPDATE[ours.update],
        `${f(ours.patchedMs)} / ${f(base?.patchedMs)}`,
        ratio(base?.patchedMs, ours.patchedMs),
        `${f(ours.frameMs)} / ${f(base?.frameMs)}`,
        `${ours.renders} / ${base?.renders ?? 'n/a'}`,
        `${ours.unchangedRowRenders} / ${base?.unchangedRowRenders ?? 'n/a'}`,
        `${ours.mutations} / ${base?.mutations ?? 'n/a'}`,
      ]
    }),
  )
}

export function walletTable(rows) {
  const ours = rows.filter((row) => row.impl === 'AllWallets')
  return table(
    [
      'Build',
      'Wallets',
      'First render: AllWallets / grid (ms)',
      'of which after data',
      'Keystroke → frame (ms)',
      'Search request → results painted (ms)',
      'Scroll frame p95 (ms), dropped: AllWallets / without logos / grid',
      'DOM nodes at the end: AllWallets / grid',
    ],
    ours.map((real) => {
      const grid = rows.find((row) => row.impl === 'grid' && row.build === real.build && row.wallets === real.wallets)
      return [
        BUILD[real.build],
        real.wallets,
        `${f(real.firstRenderMs, 1)} / ${f(grid?.firstRenderMs, 1)} (${ratio(grid?.firstRenderMs, real.firstRenderMs)})`,
        `${f(real.firstRenderAfterDataMs, 1)} / ${f(grid?.firstRenderAfterDataMs, 1)} (${ratio(grid?.firstRenderAfterDataMs, real.firstRenderAfterDataMs)})`,
        `${f(real.keystrokePaintMs, 1)} / ${f(grid?.keystrokePaintMs, 1)}`,
        `${f(real.searchAfterWaitMs, 1)} / ${f(grid?.searchAfterWaitMs, 1)} (${ratio(grid?.searchAfterWaitMs, real.searchAfterWaitMs)})`,
        `${f(real.scrollFrameP95Ms, 1)}, ${real.scrollDroppedFrames} / ${f(real.scrollNoLogosFrameP95Ms, 1)}, ${real.scrollNoLogosDroppedFrames ?? 'n/a'} / ${f(grid?.scrollFrameP95Ms, 1)}, ${grid?.scrollDroppedFrames ?? 'n/a'}`,
        `${real.domNodesEnd} / ${grid?.domNodesEnd ?? 'n/a'} (${ratio(grid?.domNodesEnd, real.domNodesEnd)})`,
      ]
    }),
  )
}

export function modalTable(rows) {
  return table(
    [
      'Build',
      'CPU',
      'Page',
      'Click → Connect view painted (ms)',
      'Click → its wallet list painted (ms)',
      'Click → last script loaded (ms)',
      'JS before the click (gzip)',
      'JS by first paint of the modal (gzip)',
    ],
    rows.map((row) => [
      BUILD[row.build],
      `${row.cpu}x`,
      row.page,
      f(row.viewPaintedMs, 1),
      f(row.walletsPaintedMs, 1),
      f(row.lastScriptMs, 1),
      row.js ? `${kb(row.js.beforeClick.gzip)} (${row.js.beforeClick.files} files)` : '',
      row.js
        ? `${kb(row.js.byFirstPaint.gzip)} (+${kb(row.js.addedByOpen.gzip)}, ${row.js.addedByOpen.files} files)`
        : '',
    ]),
  )
}

/** The targets, each met, not met, or not measured in this run. */
export function judgeTargets({ balance = [], wallets = [], modal = [] }) {
  const targets = []
  const verdict = (ok) => (ok === undefined ? 'not measured' : ok ? 'met' : 'not met')

  for (const build of ['react', 'cdn']) {
    const ours = balance.find(
      (row) => row.build === build && row.impl === 'signals' && row.tokens === 1000 && row.update === 'one',
    )
    const base = balance.find(
      (row) => row.build === build && row.impl === 'store' && row.tokens === 1000 && row.update === 'one',
    )
    const parts = ours &&
      base && [ours.patchedMs < 1, ours.unchangedRowRenders === 0, base.patchedMs / ours.patchedMs >= 10]
    targets.push({
      target: `Updating 1 token of 1000 patches the DOM in under 1 ms, with zero renders of unchanged rows, at least 10x faster than the baseline (${BUILD[build]})`,
      result: verdict(parts && parts.every(Boolean)),
      measured:
        ours && base
          ? `${f(ours.patchedMs)} ms, ${ours.unchangedRowRenders} unchanged rows rendered, ${ratio(base.patchedMs, ours.patchedMs)} faster (store: ${f(base.patchedMs)} ms)`
          : '',
    })
  }

  for (const build of ['react', 'cdn']) {
    const rows = wallets.filter((row) => row.build === build && row.impl === 'AllWallets')
    const worst = rows.length ? Math.max(...rows.map((row) => row.searchAfterWaitMs)) : undefined
    const echo = rows.length ? Math.max(...rows.map((row) => row.keystrokePaintMs)) : undefined
    targets.push({
      target: `A search keystroke paints in under 16 ms at 1x: the keystroke's frame, and the results once the 300 ms wait ends (${BUILD[build]})`,
      result: verdict(rows.length ? worst < 16 && echo < 16 : undefined),
      measured: rows.length
        ? `keystroke to its frame ${f(echo, 1)} ms; search request to results painted ${f(worst, 1)} ms (worst list size)`
        : '',
    })
  }

  for (const build of ['react', 'cdn']) {
    const small = wallets.find((row) => row.build === build && row.impl === 'AllWallets' && row.wallets === 600)
    const large = wallets.find((row) => row.build === build && row.impl === 'AllWallets' && row.wallets === 5000)
    const nodes = (row) => Math.max(row.domNodesFirst, row.domNodesEnd)
    targets.push({
      target: `DOM nodes do not grow with the list length (${BUILD[build]})`,
      result: verdict(small && large ? nodes(large) <= nodes(small) : undefined),
      measured:
        small && large ? `list nodes, most seen: ${nodes(small)} with 600 wallets, ${nodes(large)} with 5000` : '',
    })
  }

  const cold = modal.find((row) => row.build === 'cdn' && row.cpu === 6 && row.page === 'cold')
  targets.push({
    target: 'The CDN build paints the Connect view within 100 ms of the click at 6x throttling on a cold page',
    result: verdict(cold ? cold.walletsPaintedMs <= 100 : undefined),
    measured: cold
      ? `${f(cold.walletsPaintedMs, 1)} ms to the view with its wallet list (${f(cold.viewPaintedMs, 1)} ms to the view itself)`
      : '',
  })
  return targets
}

export function targetsTable(targets) {
  return table(
    ['Target (issue 6)', 'Result', 'Measured'],
    targets.map((item) => [item.target, item.result, item.measured]),
  )
}

/** Everything, as Markdown: what was measured, how, and the tables. */
export function markdown(results) {
  const { machine, mode, date } = results
  return [
    `Measured ${date.slice(0, 10)} in ${mode} mode on ${machine.cpus} × ${machine.cpu}, headless Chromium ${machine.chromium}, medians of ${machine.iterations}.`,
    '',
    '**Balance refresh**: the real Account token list (signals) against the same list written the store-subscription way (one store read with `useSyncExternalStore`, the whole list re-rendered on a change, rows not memoised), in the same page. Every refresh brings new objects for all tokens, as the balance API does. Times from the state write, made at the start of a frame, to the DOM patched (MutationObserver) and to that frame done.',
    '',
    balanceTable(results.balance ?? []),
    '',
    `**Wallet list**: the real All Wallets view (virtualised, paged from the API emulator 40 at a time, the shown rows' images loaded lazily) against a plain, non-virtualised grid of the same data (one request for all wallets, all rendered, initials instead of images, which flatters it). First render: from opening the view (the modal already loaded once) to the first rows painted, and from the data arriving to painted. Search: typing a term; the keystroke's own frame, and from the search request (sent when the 300 ms pause ends) to the results painted. Scroll: to the end in ${results.wallets?.[0]?.scrollFrames ?? 'n/a'} equal steps, one per frame; a frame over 25 ms counts as dropped; once more with the logos' requests blocked (the emulator serves each logo as an SVG), to tell what they cost.`,
    '',
    walletTable(results.wallets ?? []),
    '',
    '**Modal open**: from the click on the button to the Connect view painted (and to its wallet list painted), on a fresh page and on a second open; JS bytes from Resource Timing, gzip sizes of those files. The React page includes React and React DOM.',
    '',
    modalTable(results.modal ?? []),
    '',
    targetsTable(results.targets ?? []),
  ].join('\n')
}
