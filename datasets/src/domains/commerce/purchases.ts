import { padId } from "../../numbers";
import { cumulativeSums, type DomainStreams, drawIndex, type Random } from "../../random";
import type { Row } from "../../rows";
import { CUTOFF_MONTH, monthShift } from "./catalogue";
import type { Customer } from "./customers";
import { type Assortment, pickSku, type Sku } from "./products";

/** Each customer's orders, month by month, into `customer.purchases`. */
export function makePurchases(
  { random, noise }: DomainStreams,
  customers: Customer[],
  assortment: Assortment,
) {
  // Internal order keys; they are never published (see the order ids below).
  let orderSeq = 0;
  for (const customer of customers) {
    for (let month = 1; month <= 12; month++) {
      // Months 10-12 are challenge 2's answers (and its training targets): their orders and
      // lines come from the answers' stream.
      const stream = month > CUTOFF_MONTH ? noise : random;
      const weights = customer.affinity.map((a, c) => a * monthShift(c, month));
      const cumulative = cumulativeSums(weights);
      const orders = stream.poisson(0.75 * customer.activity);
      for (let o = 0; o < orders; o++) {
        const order = ++orderSeq;
        const items = new Set<number>();
        const size = 1 + stream.poisson(0.6);
        for (let k = 0; k < size; k++) {
          if (customer.staples.length > 0 && stream.bernoulli(0.3))
            items.add(stream.pick(customer.staples));
          else items.add(pickSku(stream, assortment, customer, drawIndex(stream, cumulative)));
        }
        for (const sku of items) customer.purchases.push([month, order, sku]);
      }
    }
  }
}

/**
 * The recommendation split (challenge 2) and the published purchases: a training customer's
 * whole year, a test customer's months 1-9. `future` holds each customer's eligible SKUs bought
 * after the cut-off: the test customers' answers.
 */
export function splitPurchases(random: Random, customers: Customer[], skus: Sku[]) {
  // Test customers: 40% of those with a purchase by the cut-off and an eligible one after it.
  const future = customers.map(
    (c) =>
      new Set(
        c.purchases.filter((p) => p[0] > CUTOFF_MONTH && skus[p[2]]!.eligible).map((p) => p[2]),
      ),
  );
  const testCustomer = customers.map(
    (c, i) =>
      future[i]!.size > 0 && c.purchases.some((p) => p[0] <= CUTOFF_MONTH) && random.bernoulli(0.4),
  );
  const train: Row[] = [];
  const test: Row[] = [];
  // Order ids are numbered 1..N over the published orders only (a training customer's whole
  // year, a test customer's months 1-9), in customer and month order, so no gap in them counts
  // a test customer's hidden orders of months 10-12.
  const orderIds = new Map<number, string>();
  customers.forEach((c, i) => {
    for (const [month, order, sku] of c.purchases) {
      if (testCustomer[i] && month > CUTOFF_MONTH) continue;
      let orderId = orderIds.get(order);
      if (orderId === undefined) {
        orderId = padId("O", orderIds.size + 1, 7);
        orderIds.set(order, orderId);
      }
      const row = [c.id, orderId, month, skus[sku]!.id];
      if (testCustomer[i]) test.push(row);
      else train.push(row);
    }
  });
  const testIndexes = customers.map((_, i) => i).filter((i) => testCustomer[i]);
  return { train, test, testIndexes, future };
}
