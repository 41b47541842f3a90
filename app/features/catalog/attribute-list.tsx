/** Attributes or sales attributes of a product as a definition list ("Marke: Nordlicht"). */
export function AttributeList({ title, attributes, testId }: { title: string; attributes: Record<string, string>; testId: string }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  return (
    <section data-testid={testId} aria-label={title} className="min-w-0">
      <h2 className="mb-2 text-base font-semibold text-zinc-900">{title}</h2>
      <dl className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white text-sm">
        {entries.map(([name, value]) => (
          <div key={name} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 px-3 py-2">
            <dt className="text-zinc-600">{name}</dt>
            <dd className="text-zinc-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
