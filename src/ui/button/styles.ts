/**
 * The button's styles, as a plain string: it renders at page load, before (and without) the modal's
 * Stitches theme, inside its own shadow root so the page's CSS neither reaches it nor is touched.
 * Theme variables set on the page (`--sk-accent`, `--sk-font-family`, …) still inherit through.
 * Written as joined literals, which the build folds into one string without line breaks.
 * @internal
 */
export const buttonCss =
  ':host{display:inline-block}' +
  'button{all:unset;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;height:40px;padding:0 16px;' +
  'border-radius:calc(var(--sk-border-radius-master,4px)*25);background:var(--sk-accent,#1f6feb);color:#fff;' +
  'font:600 14px/1 var(--sk-font-family,"Inter",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);' +
  'cursor:pointer;transition:filter .15s}' +
  'button:hover{filter:brightness(1.1)}' +
  'button:focus-visible{outline:2px solid var(--sk-accent,#1f6feb);outline-offset:2px}' +
  'button[disabled]{opacity:.6;cursor:not-allowed}' +
  'button[data-connected]{background:#1f1f1f;color:#f1f1f1;border:1px solid rgba(255,255,255,.1)}' +
  ':host([data-theme=light]) button[data-connected]{background:#f3f3f3;color:#141414;border-color:rgba(0,0,0,.1)}' +
  '.balance{opacity:.75;font-weight:500}' +
  '@media (prefers-reduced-motion:reduce){button{transition:none}}'
