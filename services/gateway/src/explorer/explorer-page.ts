/** Where the explorer and its files are served. */
export const EXPLORER_PATH = '/explorer';
export const EXPLORER_ASSETS_PATH = `${EXPLORER_PATH}/assets/`;
/** The API's introspection answer as a file, which GraphiQL reads instead of asking /graphql (see `explorerSchemaFile`). */
export const EXPLORER_SCHEMA_PATH = `${EXPLORER_PATH}/schema.json`;

/**
 * Only this origin, for everything: the page runs no inline script and
 * loads nothing from elsewhere. GraphiQL's stylesheet draws its icons from
 * `data:` URLs, the one exception, and only for images and fonts.
 */
export const EXPLORER_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Starts GraphiQL on the page's `#explorer` element against `/graphql` on
 * the same origin, with the schema from `/explorer/schema.json`: the whole
 * introspection answer is larger than `/graphql` gives in one request.
 * Without that file (introspection off) GraphiQL runs without a schema.
 * A separate file rather than an inline script, so the policy above can
 * forbid inline scripts altogether.
 */
export const EXPLORER_START_SCRIPT = `'use strict';
(function () {
  var container = document.getElementById('explorer');
  var fetcher = GraphiQL.createFetcher({ url: container.getAttribute('data-endpoint') });
  var start = function (schema) {
    ReactDOM.createRoot(container).render(React.createElement(GraphiQL, { fetcher: fetcher, schema: schema, defaultEditorToolbarTabs: 'variables' }));
  };
  fetch('${EXPLORER_SCHEMA_PATH}', { headers: { accept: 'application/json' } })
    .then(function (answer) { return answer.ok ? answer.json() : null; })
    .then(start, function () { start(null); });
})();
`;

/** The explorer's page: GraphiQL from the gateway's own assets, querying the gateway's own endpoint. */
export function explorerPage(graphqlPath: string): string {
  const asset = (name: string) => `${EXPLORER_ASSETS_PATH}${name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Scriptbook API explorer</title>
<link rel="stylesheet" href="${asset('graphiql.css')}">
<link rel="stylesheet" href="${asset('explorer.css')}">
</head>
<body>
<div id="explorer" data-endpoint="${graphqlPath}">Loading the explorer…</div>
<script src="${asset('react.js')}"></script>
<script src="${asset('react-dom.js')}"></script>
<script src="${asset('graphiql.js')}"></script>
<script src="${asset('start.js')}"></script>
</body>
</html>
`;
}

/** The page fills the window; a stylesheet of its own, since inline styles are refused too. */
export const EXPLORER_STYLESHEET = 'html, body, #explorer { height: 100%; margin: 0; }\n';

/**
 * True when the client would rather have a page than JSON: a browser
 * navigating to `/graphql` lists `text/html` first. GraphQL clients ask for
 * a JSON media type, or for anything (`*\/*`), and keep getting JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const first = accept.split(',')[0].split(';')[0].trim().toLowerCase();
  return first === 'text/html';
}
