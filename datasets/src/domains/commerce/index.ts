import type { DomainStreams } from "../../random";
import type { DomainFiles } from "../../types";
import { assignLoyaltyTiers, makeCustomers } from "./customers";
import { commerceFiles } from "./files";
import { makeOffers } from "./offers";
import { makeAssortment } from "./products";
import { makePurchases, splitPurchases } from "./purchases";
import { makeSales } from "./sales";
import { makeSessionEvents } from "./sessions";
import { makeStoreEvents } from "./store-events";

export function generateCommerce(streams: DomainStreams, scale: number): DomainFiles {
  return commerceFiles(drawCommerce(streams, scale));
}

/**
 * Commerce: a catalogue, its customers and three tasks: weekly demand per SKU (challenge 1),
 * next-quarter recommendations (challenge 2) and coupon redemption (challenge 3). The generating
 * process is in datasets/docs/commerce.md. The order of the steps is the order of the draws,
 * which fixes the bytes a seed makes.
 */
export function drawCommerce(streams: DomainStreams, scale: number) {
  const { random } = streams;
  const skuCount = Math.max(120, Math.round(1500 * scale));
  const customerCount = Math.max(300, Math.round(7000 * scale));
  const offerCount = Math.max(1500, Math.round(40_000 * scale));

  const assortment = makeAssortment(random, skuCount);
  const { skus } = assortment;
  const { eventEffect, eventRows } = makeStoreEvents(random);
  const sales = makeSales(streams, skus, eventEffect);
  const customers = makeCustomers(random, customerCount, assortment);
  makePurchases(streams, customers, assortment);
  assignLoyaltyTiers(random, customers);
  const purchases = splitPurchases(random, customers, skus);
  const sessionEvents = makeSessionEvents(random, customers, assortment);
  const offers = makeOffers(streams, customers, skus, offerCount);
  return { skus, customers, eventRows, sessionEvents, sales, purchases, offers };
}
export type CommerceDraws = ReturnType<typeof drawCommerce>;
