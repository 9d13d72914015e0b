/**
 * The page template (Docusaurus' `ssrTemplate`): Docusaurus' own (@docusaurus/core
 * lib/ssg/ssgTemplate.html.js, whose sha256 tests/unit/bundle-shims.test.ts pins) with one change:
 * instead of `<script defer>` tags in the head, a small script at the end of the body adds the
 * scripts Docusaurus names (runtime, main.js), in their order, once the browser reports the first
 * contentful paint (or after three seconds where it reports none: a hidden tab paints nothing).
 * On a phone's network the page's CSS then has the line to itself and the text shows sooner; the app
 * starts as Docusaurus starts it, one frame later. Where `defer` scripts are already downloaded
 * (a fast network, a cache) the browser would run main.js before painting anything.
 */
const bootScript = `(function(scripts){var booted=false;function boot(){if(booted)return;booted=true;scripts.forEach(function(src){var script=document.createElement("script");script.src=src;script.async=false;document.head.appendChild(script)})}try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)setTimeout(boot)}).observe({type:"paint",buffered:true})}catch(error){requestAnimationFrame(function(){setTimeout(boot)})}setTimeout(boot,3000)})`;

export const bootAfterPaintTemplate = `
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
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>${bootScript}(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>
  </body>
</html>
`;
