import { data } from 'react-router';

// Every path no screen claims: a real 404 for the server render and the error page for the person.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
