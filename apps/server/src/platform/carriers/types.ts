/**
 * The shipping carrier behind rates, postage labels and tracking, in the shape of EasyPost's API:
 * a shipment (from and to addresses, a parcel) gets rates; buying one of them gives a tracking
 * code and a postage label; a tracking code gives a tracker (status and tracking details).
 * Field names follow EasyPost's; money is in integer cents, weights in ounces, sizes in inches,
 * times ISO 8601 strings in UTC.
 */

export interface Address {
  /** The person, or the lab or office when there is no person. */
  name: string;
  company?: string | null;
  street1: string;
  street2?: string | null;
  city: string;
  /** State or province code, e.g. 'TX'. */
  state: string;
  zip: string;
  /** ISO 3166-1 alpha-2 code, e.g. 'US'. */
  country: string;
  phone?: string | null;
  email?: string | null;
}

export interface Parcel {
  /** Inches; all three or none. */
  length?: number | null;
  width?: number | null;
  height?: number | null;
  /** Ounces, more than 0. */
  weight: number;
}

export interface ShipmentInput {
  from_address: Address;
  to_address: Address;
  parcel: Parcel;
  /** What the package is, printed on the label, e.g. 'Bundle #123'. */
  reference?: string | null;
}

export interface Rate {
  id: string;
  shipment_id: string;
  carrier: string;
  /** e.g. 'Ground', 'Priority', 'Express'. */
  service: string;
  /** The postage, in integer cents. */
  rate_cents: number;
  currency: 'USD';
  /** Business days from pickup to delivery. */
  delivery_days: number;
}

export interface Shipment extends ShipmentInput {
  id: string;
  /** Cheapest first. */
  rates: Rate[];
}

export interface BuyInput {
  shipment: Shipment;
  rate_id: string;
  /**
   * The caller's own id of this package (e.g. the bundle's id), so two identical shipments get
   * different tracking codes and buying the same one again gives the same code.
   */
  sequence: number | string;
}

export interface PostageLabel {
  label_file_type: 'application/pdf';
  label_size: '4x6';
  /** The label's PDF. */
  data: Buffer;
}

export interface PurchasedShipment {
  shipment_id: string;
  tracking_code: string;
  selected_rate: Rate;
  postage_label: PostageLabel;
  /** When the postage was bought, ISO 8601. */
  purchased_at: string;
}

/** EasyPost's tracker statuses. */
export type TrackingStatus =
  | 'unknown'
  | 'pre_transit'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'available_for_pickup'
  | 'return_to_sender'
  | 'failure'
  | 'cancelled'
  | 'error';

export interface TrackingLocation {
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

export interface TrackingDetail {
  status: TrackingStatus;
  message: string;
  /** ISO 8601. */
  datetime: string;
  tracking_location: TrackingLocation;
}

export interface Tracker {
  tracking_code: string;
  carrier: string;
  status: TrackingStatus;
  /** ISO 8601; null until known. */
  est_delivery_date: string | null;
  /** Oldest first; the last one's status is the tracker's. */
  tracking_details: TrackingDetail[];
}

export interface TrackInput {
  tracking_code: string;
  /**
   * When the postage was bought (PurchasedShipment.purchased_at). Carriers that know their own
   * packages ignore it; the offline carrier places its made-up journey from it.
   */
  purchased_at?: string | Date | null;
}

export interface Carrier {
  readonly name: string;
  /** The shipment with its rates; throws CarrierError when an address or the parcel is unusable. */
  createShipment(input: ShipmentInput): Promise<Shipment>;
  /** Buys the shipment's rate `rate_id`; throws CarrierError when the shipment has no such rate. */
  buy(input: BuyInput): Promise<PurchasedShipment>;
  /** Where a package is; an unknown tracking code answers status 'unknown'. */
  track(input: TrackInput): Promise<Tracker>;
}

export type CarrierErrorCode = 'invalid_address' | 'invalid_parcel' | 'rate_not_found';

export class CarrierError extends Error {
  constructor(
    readonly code: CarrierErrorCode,
    message: string,
    /** The input field at fault, e.g. 'to_address.zip'. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}
