/** A stylesheet imported as text (build/css-text.mjs): `import buttonCss from './button.css'`. */
declare module '*.css' {
  const css: string
  export default css
}
