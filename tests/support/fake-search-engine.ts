// A stand-in for Meilisearch (v1.x) in the shop's tests: the few endpoints the shop calls, over real HTTP,
// answering as Meilisearch does (status codes, error objects, tasks), so the shop's client is exercised as
// it would be against the real engine. Writes are applied at once: their tasks have finished by the time
// the shop asks for them. Search follows Meilisearch's rules closely enough for the shop's tests: prefix
// matching, one typo in longer words, ranking, the filter language, tenant tokens, highlighting in
// `_formatted`. A search parameter the fake does not implement is refused rather than ignored, so a test
// cannot pass on behaviour the real engine would not show. Settings are all stored; those that act are
// searchableAttributes (and their order), filterableAttributes, displayedAttributes, typoTolerance
// (enabled, minWordSizeForTypos.oneTypo, disableOnAttributes) and pagination.maxTotalHits.
//
// This file is the public entry; the parts live in ./fake-search-engine/, each with one concern.

export { startFakeSearchEngine, type FakeSearchEngine, type FakeSearchEngineOptions } from './fake-search-engine/server.ts';
export type { RecordedRequest } from './fake-search-engine/state.ts';
