// HTML the seller wrote (site settings, content pages), sanitised on the server before it gets here
// (server/modules/settings/sanitize-html.ts: an allow-list of tags, no scripts or handlers).
export function SellerHtml({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`space-y-3 leading-7 text-zinc-800 [&_a]:underline [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-zinc-900 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-zinc-900 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
