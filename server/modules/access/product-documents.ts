import type { DocumentVisibility } from '../../../core/product-files.ts';
import type { RequestContext } from '../../context.ts';
import { isGuest, requireAccess } from './access-policy.ts';

// Who sees a product's documents (docs/product.md, Product documents and downloads; ADR 0030). Only who sees
// the product sees any of them (the catalogue's rule: server/modules/catalog/product-visibility.repository.ts),
// and of those:
//   - 'everyone': everyone signed in, the shared guest included;
//   - 'signed_in': every full account (customers, customer admins, sales persons, admins), never the guest;
//   - 'companies': the people of a named company: the company the reader acts for must be one of the
//     document's companies (product_file_companies); a sales person or admin acting for no company sees none.
// A document of a variant the catalogue does not show, or whose file has not come yet, is nobody's. A
// document the reader may not see answers exactly like an unknown one. The repository reads documents by
// this rule (server/modules/product-files/product-documents.repository.ts).

/** What of the documents a reader sees. */
export interface DocumentAudience {
  /** The visibilities the reader sees whoever the document names. */
  visibilities: readonly DocumentVisibility[];
  /** The company whose named documents the reader sees; null: none. */
  companyId: number | null;
}

/** The reader's audience; 401 for nobody signed in. */
export function documentAudienceOf(ctx: RequestContext): DocumentAudience {
  const { identity } = requireAccess(ctx, 'signedIn');
  if (isGuest(identity)) return { visibilities: ['everyone'], companyId: null };
  return { visibilities: ['everyone', 'signed_in'], companyId: identity.companyId };
}
