/**
 * The page template (Docusaurus' `ssrTemplate`): Docusaurus' own (@docusaurus/core
 * lib/ssg/ssgTemplate.html.js, whose sha256 tests/unit/bundle-shims.test.ts pins) with one change.
 * Instead of `<script defer>` tags, the scripts Docusaurus names (runtime and main.js) are preloaded at
 * low priority, as `defer` scripts load, and run once the browser reports the first contentful paint
 * (or after three seconds where it reports none: a hidden tab paints nothing), in their order. A
 * phone's browser would otherwise run main.js, and hydrate, before it shows anything.
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
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" href="<%= it.baseUrl %><%= script %>" as="script" fetchpriority="low" />
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
