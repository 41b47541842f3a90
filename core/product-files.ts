import type { Locale } from './locale.ts';

// Product documents and downloadable products' files as the API answers them (docs/product.md, Product
// documents and downloads; ADR 0030), shared by the ERP's input rules, the storefront API and the pages.

/** A document's kind; the safety data sheet's new versions go to the companies that bought the product. */
export const documentKinds = ['data_sheet', 'manual', 'certificate', 'safety_data_sheet', 'other'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Who sees a document: everyone who sees the product, signed-in customers, or the named companies only. */
export const documentVisibilities = ['everyone', 'signed_in', 'companies'] as const;
export type DocumentVisibility = (typeof documentVisibilities)[number];

/** 'document': a product document; 'download': a file a downloadable product delivers to its buyers. */
export const productFilePurposes = ['document', 'download'] as const;
export type ProductFilePurpose = (typeof productFilePurposes)[number];

/** The largest file the ERP may load (larger: 413, nothing stored). */
export const maxProductFileBytes = 50 * 1024 * 1024;

/** How long a download link of a downloadable product works (it is tied to the session that got it). */
export const downloadLinkSeconds = 10 * 60;

/** How far back a purchase makes a company receive a safety data sheet's new version (REACH article 31(9)). */
export const safetySheetRecipientMonths = 12;

/** Where a document's file is answered (GET, with its name, Range and caching). */
export const productDocumentUrl = (documentId: number) => `/api/product-document/${documentId}`;

/** A document on the product page and in GET /api/material/{id}/documents. */
export interface ProductDocument {
  _id: number;
  kind: DocumentKind;
  title: string;
  /** The document's language; null: for every language. */
  language: Locale | null;
  version: string;
  fileName: string;
  contentType: string;
  bytes: number;
  /** When the current file was stored. */
  updatedAt: string;
  /** The variant it belongs to; null: the product itself. */
  variantSku: string | null;
  /** The file: GET answers it with its name, Range and caching. */
  url: string;
}

/** A downloadable product's file the company may download (GET /api/account/downloads, the order detail). */
export interface DownloadAccess {
  _id: number;
  productId: number;
  productName: string;
  sku: string;
  variantSku: string | null;
  title: string;
  version: string;
  fileName: string;
  contentType: string;
  bytes: number;
  /** When the current version was stored. */
  updatedAt: string;
  /** The orders that give access, newest first. */
  orders: { _id: number; orderNumber: string; orderDate: string }[];
  /** How often the reader downloaded it, and when last. */
  downloadCount: number;
  lastDownloadedAt: string | null;
  /** A link for this session only, until expiresAt. */
  url: string;
  expiresAt: string;
}

/** A downloadable product's file on its line in the order detail (GET /api/order/{id}), while the company may download it. */
export type OrderLineDownload = Pick<DownloadAccess, '_id' | 'title' | 'version' | 'fileName' | 'bytes' | 'url' | 'expiresAt'>;

/** A safety data sheet sent to the company: the version it received and the one current now. */
export interface SafetySheetDelivery {
  documentId: number;
  productId: number;
  productName: string;
  sku: string;
  title: string;
  language: Locale | null;
  receivedVersion: string;
  receivedAt: string;
  currentVersion: string;
  /** The current file, when the reader may still see the document. */
  url: string | null;
}
