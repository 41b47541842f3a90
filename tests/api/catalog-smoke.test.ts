import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogClient } from './catalog-fixtures.ts';
import { startTestShop, type TestShop } from './helper.ts';

let shop: TestShop;
beforeAll(async () => { shop = await startTestShop(); });
afterAll(() => shop.close());

it('smoke', async () => {
  const c = catalogClient(shop);
  const cats = await c.json('/api/materialCategory', 'customer');
  console.log(cats.data.length, cats.data.slice(0, 2));
  const list = await c.json('/api/material?category=1&pageSize=3', 'customer');
  console.log(JSON.stringify(list, null, 1).slice(0, 3000));
  const list2 = await c.json('/api/material/listMaterialWithVariants?category=1&pageSize=20&page=2&stockAvail=1&attr[Farbe]=Rot', 'customer');
  console.log(list2.meta, list2.data.map((p: any) => [p.name, p.variants.map((v: any) => v.attributes)]));
  const detail = await c.json(`/api/material/${list.data[0]._id}`, 'guest');
  console.log(JSON.stringify(detail).slice(0, 1500));
  console.log(JSON.stringify(await c.json('/api/material/getSimilarMaterials', 'customer')).slice(0, 300));
  console.log(JSON.stringify(await c.json('/api/material/mainMaterialImage?sku=MAT-000001,MAT-000002,nope', 'customer')));
  console.log(JSON.stringify(await c.json('/api/material/getFilterableAttributes?category=1', 'customer')));
  console.log(JSON.stringify(await c.json('/api/season', 'customer')));
  console.log(JSON.stringify(await c.json('/api/shippingType/countries', 'customer')));
  expect(1).toBe(1);
});
