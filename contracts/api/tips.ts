import * as v from 'valibot';
import { type OrderTips, type Tip, type TipCheckout, tipStatuses } from '../tips';
import { successSchema } from './envelope';
import type { Expect, SameType } from './same-type';

export const tipItemSchema = v.strictObject({
  id: v.number(),
  amount: v.number(),
  status: v.picklist(tipStatuses),
  created_at: v.string(),
  paid_at: v.nullable(v.string()),
});

export const orderTipsSchema = v.strictObject({ can_tip: v.boolean(), items: v.array(tipItemSchema) });

export const tipCheckoutSchema = v.strictObject({
  tip: tipItemSchema,
  payment: v.strictObject({ Url: v.string(), RefNo: v.string(), Status: v.string() }),
});

export const orderTipsAnswer = successSchema(orderTipsSchema);
export const tipCheckoutAnswer = successSchema(tipCheckoutSchema);

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
export type TipCheck = Expect<SameType<Out<typeof tipItemSchema>, Tip>>;
export type OrderTipsCheck = Expect<SameType<Out<typeof orderTipsSchema>, OrderTips>>;
export type TipCheckoutCheck = Expect<SameType<Out<typeof tipCheckoutSchema>, TipCheckout>>;
