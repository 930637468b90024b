/**
 * The HTML template of the built pages (`ssrTemplate`): Docusaurus' own (@docusaurus/core/lib/ssg/ssgTemplate.html.js)
 * with one change, the page is painted before its scripts run. Docusaurus loads its scripts with `defer`, which runs
 * them as soon as the document is parsed: on a long page (an operation page, a guide) that is often before the browser
 * has painted it, so the text waits for the whole bundle to run, and on a slow phone the reader looks at a blank page
 * meanwhile. Here the scripts are fetched as early and at the same low priority as before (a `defer` script's; a
 * preload is high by default and would take bandwidth from the stylesheet the first frame waits for) and inserted, in
 * order, after the frame that follows parsing (or at once in a tab that is not visible, where no frame comes).
 */
export const SSR_TEMPLATE = `
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>
      (function () {
        var scripts = <%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>;
        function run() {
          scripts.forEach(function (src) {
            var script = document.createElement('script');
            script.src = src;
            script.async = false;
            document.body.appendChild(script);
          });
        }
        if (document.visibilityState === 'hidden') run();
        else requestAnimationFrame(function () { setTimeout(run, 0); });
      })();
    </script>
  </body>
</html>
`;
