/** Grey block that holds the place of content still loading, so nothing jumps when it arrives. */
export function Skeleton({ className = 'h-4 w-full' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-zinc-200 motion-reduce:animate-none ${className}`} />;
}
