/** The reference page's style sheet, served from the app like every other asset (no inline styles). */
export const DOCS_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1c1917; background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; }
h1 { font-size: 1.75rem; margin: 0.5rem 0; }
h2 { font-size: 1.4rem; border-bottom: 2px solid #d6d3d1; padding-bottom: 0.25rem; margin-top: 2.5rem; }
h3 { font-size: 1.1rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
h4 { font-size: 1rem; margin: 1rem 0 0.25rem; }
a { color: #7c2d12; }
a:focus-visible, summary:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.875rem; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f5f5f4; padding: 0.5rem; border-radius: 4px; margin: 0.25rem 0; }
nav ul { padding-left: 1.25rem; }
nav li { margin: 0.125rem 0; overflow-wrap: anywhere; }
.version { font-size: 1rem; font-weight: normal; color: #57534e; }
.operation { border: 1px solid #d6d3d1; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4.5rem; text-align: center; border-radius: 4px; padding: 0 0.375rem; color: #fff; background: #44403c; }
.method-get { background: #1e40af; }
.method-post { background: #166534; }
.method-put, .method-patch { background: #92400e; }
.method-delete { background: #991b1b; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; }
dd { margin: 0 0 0.5rem; }
.facts dd { margin: 0; }
.params { list-style: none; padding: 0; margin: 0; }
.params li { border-top: 1px solid #e7e5e4; padding: 0.375rem 0; }
summary { cursor: pointer; }
`;
