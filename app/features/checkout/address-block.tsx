// One address as lines of text: the checkout's choices, the invoice address, the thank-you page.

export interface AddressLike {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  street: string | null;
  street2?: string | null;
  zipCode: string | null;
  city: string | null;
  country: { code: string; name: string | null } | null;
}

export function addressLines(address: AddressLike): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [address.zipCode, address.city].filter(Boolean).join(' ');
  return [address.companyName ?? '', name, address.street ?? '', address.street2 ?? '', place, address.country?.name ?? address.country?.code ?? ''].filter(
    (line) => line.trim() !== '',
  );
}

export function AddressText({ address, className = '' }: { address: AddressLike; className?: string }) {
  return (
    <span className={`block text-sm text-zinc-700 ${className}`}>
      {addressLines(address).map((line, index) => (
        <span key={index} className={`block ${index === 0 ? 'font-medium text-zinc-900' : ''}`}>
          {line}
        </span>
      ))}
    </span>
  );
}
