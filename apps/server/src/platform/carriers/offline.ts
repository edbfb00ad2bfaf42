import { createHash } from 'node:crypto';
import { renderShippingLabel } from '../labels/index.ts';
import {
  CarrierError,
  type Address,
  type BuyInput,
  type Carrier,
  type Parcel,
  type PurchasedShipment,
  type Rate,
  type Shipment,
  type ShipmentInput,
  type TrackInput,
  type Tracker,
  type TrackingDetail,
  type TrackingLocation,
} from './types.ts';

/**
 * The offline carrier (CARRIER=offline): no network, and the same input always gives the same
 * answer.
 *
 * Rates: three services, in integer cents, from the billable weight (whole pounds, at least 1, the
 * larger of the actual and the dimensional weight, length x width x height / 139) and a zone from
 * 2 to 8 that a hash of the two addresses picks (as a real carrier's distance would); a shipment
 * across a border costs OFFLINE_INTERNATIONAL_SURCHARGE_CENTS more and takes two days more.
 *
 *   service   cents                                                  business days
 *   Ground    895 + 110 (zone - 2) + pounds (45 + 8 (zone - 2))      1 + ceil(zone / 2)
 *   Priority  1895 + 240 (zone - 2) + pounds (95 + 15 (zone - 2))    2
 *   Express   3950 + 420 (zone - 2) + pounds (180 + 25 (zone - 2))   1
 *
 * Tracking codes look like UPS's: '1Z', six letters or digits, the two-digit service code (03
 * Ground, 02 Priority, 01 Express), then seven digits whose first is the delivery days, and
 * UPS's check digit. All but the service, days and check digit come from a hash of the
 * shipment, the service and the caller's sequence, so buying the same again gives the same code.
 *
 * Tracking: the code and the purchase time place a made-up journey (label created; picked up at
 * 18:00 UTC on the first business day not past 17:00; one or two sort hubs; out for delivery
 * and delivered on the delivery day, counted in business days, Monday to Friday); the tracker
 * shows the events up to now. Without the purchase time it answers 'pre_transit' with no events.
 */
export const OFFLINE_CARRIER = 'Offline';
export const OFFLINE_INTERNATIONAL_SURCHARGE_CENTS = 2500;
const INTERNATIONAL_EXTRA_DAYS = 2;
/** 150 lb, the usual parcel carriers' limit. */
export const OFFLINE_MAX_WEIGHT_OZ = 2400;

interface ServiceTerms {
  service: 'Ground' | 'Priority' | 'Express';
  code: string;
  baseCents: number;
  zoneCents: number;
  poundCents: number;
  poundZoneCents: number;
  days(zone: number): number;
}

const SERVICES: readonly ServiceTerms[] = [
  {
    service: 'Ground',
    code: '03',
    baseCents: 895,
    zoneCents: 110,
    poundCents: 45,
    poundZoneCents: 8,
    days: (zone) => 1 + Math.ceil(zone / 2),
  },
  {
    service: 'Priority',
    code: '02',
    baseCents: 1895,
    zoneCents: 240,
    poundCents: 95,
    poundZoneCents: 15,
    days: () => 2,
  },
  {
    service: 'Express',
    code: '01',
    baseCents: 3950,
    zoneCents: 420,
    poundCents: 180,
    poundZoneCents: 25,
    days: () => 1,
  },
];

const HUBS: readonly TrackingLocation[] = [
  { city: 'Louisville', state: 'KY', zip: '40209', country: 'US' },
  { city: 'Memphis', state: 'TN', zip: '38118', country: 'US' },
  { city: 'Indianapolis', state: 'IN', zip: '46241', country: 'US' },
  { city: 'Dallas', state: 'TX', zip: '75261', country: 'US' },
  { city: 'Chicago', state: 'IL', zip: '60666', country: 'US' },
  { city: 'Ontario', state: 'CA', zip: '91761', country: 'US' },
  { city: 'Atlanta', state: 'GA', zip: '30320', country: 'US' },
  { city: 'Philadelphia', state: 'PA', zip: '19153', country: 'US' },
];

const NO_LOCATION: TrackingLocation = { city: null, state: null, zip: null, country: null };

// ---- Stable hashes -------------------------------------------------------------------------

/** Text compared the way an address is read: trimmed, spaces collapsed, case ignored, NFC. */
function normalized(text: string | null | undefined): string {
  return (text ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toUpperCase();
}

function postalKey(address: Address): string[] {
  return [address.street1, address.street2, address.city, address.state, address.zip, address.country].map(
    normalized,
  );
}

function addressKey(address: Address): string[] {
  return [address.name, address.company, ...postalKey(address), address.phone, address.email].map(normalized);
}

function shipmentKey(input: ShipmentInput): unknown[] {
  const { length, width, height, weight } = input.parcel;
  return [
    addressKey(input.from_address),
    addressKey(input.to_address),
    [length ?? null, width ?? null, height ?? null, weight],
    normalized(input.reference),
  ];
}

function digest(value: unknown): Buffer {
  return createHash('sha256').update(JSON.stringify(value)).digest();
}

// ---- Validation ----------------------------------------------------------------------------

function checkAddress(address: Address, which: 'from_address' | 'to_address'): void {
  for (const field of ['name', 'street1', 'city', 'zip', 'country'] as const) {
    if (normalized(address[field]) === '') {
      throw new CarrierError('invalid_address', `The ${field} is required.`, `${which}.${field}`);
    }
  }
  const country = normalized(address.country);
  if (!/^[A-Z]{2}$/.test(country)) {
    throw new CarrierError('invalid_address', 'The country is a two-letter code.', `${which}.country`);
  }
  if (country === 'US') {
    if (normalized(address.state) === '') {
      throw new CarrierError('invalid_address', 'The state is required.', `${which}.state`);
    }
    if (!/^\d{5}(-\d{4})?$/.test(normalized(address.zip))) {
      throw new CarrierError('invalid_address', 'The ZIP code is 5 or 9 digits.', `${which}.zip`);
    }
  }
}

function checkParcel(parcel: Parcel): void {
  const { weight } = parcel;
  if (!Number.isFinite(weight) || weight <= 0 || weight > OFFLINE_MAX_WEIGHT_OZ) {
    throw new CarrierError(
      'invalid_parcel',
      `The weight is more than 0 and at most ${OFFLINE_MAX_WEIGHT_OZ} ounces.`,
      'parcel.weight',
    );
  }
  const sizes = [parcel.length, parcel.width, parcel.height];
  const given = sizes.filter((size) => size != null);
  if (given.length !== 0 && given.length !== 3) {
    throw new CarrierError('invalid_parcel', 'Give the length, width and height, or none.', 'parcel.length');
  }
  if (given.some((size) => !Number.isFinite(size) || (size as number) <= 0)) {
    throw new CarrierError('invalid_parcel', 'Each size is more than 0 inches.', 'parcel.length');
  }
}

// ---- Rates ---------------------------------------------------------------------------------

/** 2 to 8, from a hash of the two postal addresses. */
export function offlineZone(from: Address, to: Address): number {
  return 2 + (digest([postalKey(from), postalKey(to)]).readUInt32BE(0) % 7);
}

/** Whole pounds, at least 1: the larger of the actual and the dimensional weight. */
export function billablePounds(parcel: Parcel): number {
  const actual = Math.ceil(parcel.weight / 16);
  const { length, width, height } = parcel;
  const dimensional = length && width && height ? Math.ceil((length * width * height) / 139) : 0;
  return Math.max(1, actual, dimensional);
}

function quote(input: ShipmentInput): Shipment {
  checkAddress(input.from_address, 'from_address');
  checkAddress(input.to_address, 'to_address');
  checkParcel(input.parcel);
  const id = `shp_${digest(shipmentKey(input)).toString('hex').slice(0, 32)}`;
  const zone = offlineZone(input.from_address, input.to_address);
  const pounds = billablePounds(input.parcel);
  const international = normalized(input.from_address.country) !== normalized(input.to_address.country);
  const rates = SERVICES.map((terms): Rate => ({
    id: `rate_${digest([id, terms.service]).toString('hex').slice(0, 32)}`,
    shipment_id: id,
    carrier: OFFLINE_CARRIER,
    service: terms.service,
    rate_cents:
      terms.baseCents +
      terms.zoneCents * (zone - 2) +
      pounds * (terms.poundCents + terms.poundZoneCents * (zone - 2)) +
      (international ? OFFLINE_INTERNATIONAL_SURCHARGE_CENTS : 0),
    currency: 'USD',
    delivery_days: terms.days(zone) + (international ? INTERNATIONAL_EXTRA_DAYS : 0),
  })).sort((a, b) => a.rate_cents - b.rate_cents);
  return { ...input, id, rates };
}

// ---- Tracking codes ------------------------------------------------------------------------

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** UPS's check digit of the 15 characters after '1Z' (letters count as (code - 63) mod 10). */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  for (const [index, char] of [...body].entries()) {
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += index % 2 === 1 ? value * 2 : value;
  }
  return (10 - (sum % 10)) % 10;
}

/** The tracking code of a shipment bought at `rate` by the caller's `sequence`. */
export function offlineTrackingCode(input: ShipmentInput, rate: Rate, sequence: number | string): string {
  const terms = SERVICES.find((candidate) => candidate.service === rate.service);
  if (!terms) throw new CarrierError('rate_not_found', `The offline carrier has no service ${rate.service}.`);
  const hash = digest([shipmentKey(input), terms.service, String(sequence)]);
  const shipper = [...hash.subarray(0, 6)].map((byte) => ALPHANUMERIC[byte % 36]).join('');
  const packageNumber = String(hash.readUInt32BE(8) % 1_000_000).padStart(6, '0');
  const body = `${shipper}${terms.code}${rate.delivery_days}${packageNumber}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}

const TRACKING_CODE = /^1Z([0-9A-Z]{6})(\d{2})(\d)(\d{6})(\d)$/;

/** The service and delivery days a tracking code of this carrier carries; null for any other code. */
export function parseOfflineTrackingCode(code: string): { service: string; deliveryDays: number } | null {
  const match = TRACKING_CODE.exec(code);
  if (!match) return null;
  const [, , serviceCode, days, , check] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const terms = SERVICES.find((candidate) => candidate.code === serviceCode);
  const deliveryDays = Number(days);
  if (!terms || deliveryDays < 1 || upsCheckDigit(code.slice(2, 17)) !== Number(check)) return null;
  return { service: terms.service, deliveryDays };
}

// ---- Tracking ------------------------------------------------------------------------------

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

function startOfDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
}

function isBusinessDay(day: Date): boolean {
  return day.getUTCDay() !== 0 && day.getUTCDay() !== 6;
}

function addBusinessDays(day: Date, count: number): Date {
  let result = day;
  for (let added = 0; added < count;) {
    result = new Date(result.getTime() + DAY);
    if (isBusinessDay(result)) added++;
  }
  return result;
}

function previousBusinessDay(day: Date): Date {
  let result = new Date(day.getTime() - DAY);
  while (!isBusinessDay(result)) result = new Date(result.getTime() - DAY);
  return result;
}

function at(day: Date, hours: number, minutes: number): Date {
  return new Date(day.getTime() + hours * HOUR + minutes * MINUTE);
}

function event(
  status: TrackingDetail['status'],
  message: string,
  time: Date,
  location = NO_LOCATION,
): TrackingDetail {
  return { status, message, datetime: time.toISOString(), tracking_location: { ...location } };
}

/** Every event of the package's journey, oldest first; the last is its delivery. */
export function offlineJourney(code: string, deliveryDays: number, purchasedAt: Date): TrackingDetail[] {
  const seed = digest(['journey', code]);
  const purchaseDay = startOfDay(purchasedAt);
  const pickupDay =
    isBusinessDay(purchaseDay) && purchasedAt.getTime() < at(purchaseDay, 17, 0).getTime()
      ? purchaseDay
      : addBusinessDays(purchaseDay, 1);
  const pickup = at(pickupDay, 18, seed[0]! % 60);
  const firstHub = HUBS[seed[1]! % HUBS.length]!;
  const arrived = new Date(pickup.getTime() + 3 * HOUR + (seed[2]! % 60) * MINUTE);
  const departed = new Date(arrived.getTime() + 3 * HOUR + (seed[3]! % 60) * MINUTE);
  const deliveryDay = addBusinessDays(pickupDay, deliveryDays);

  const events = [
    event('pre_transit', 'Shipping label created, awaiting item', purchasedAt),
    event('in_transit', 'Picked up', pickup),
    event('in_transit', 'Arrived at facility', arrived, firstHub),
    event('in_transit', 'Departed facility', departed, firstHub),
  ];
  if (deliveryDays >= 3) {
    const secondHub = HUBS[(seed[1]! + 1 + (seed[4]! % (HUBS.length - 1))) % HUBS.length]!;
    events.push(
      event(
        'in_transit',
        'Arrived at facility',
        at(previousBusinessDay(deliveryDay), 20, seed[5]! % 60),
        secondHub,
      ),
      event('in_transit', 'Departed facility', at(deliveryDay, 3, seed[6]! % 60), secondHub),
    );
  }
  events.push(
    event('out_for_delivery', 'Out for delivery', at(deliveryDay, 8, seed[7]! % 45)),
    event('delivered', 'Delivered', at(deliveryDay, 10, 30 + (seed.readUInt16BE(8) % 330))),
  );
  return events;
}

// ---- The carrier ---------------------------------------------------------------------------

export interface OfflineCarrierOptions {
  /** The clock of purchases and tracking (default: the system's). */
  now?: () => Date;
}

export function createOfflineCarrier({ now = () => new Date() }: OfflineCarrierOptions = {}): Carrier {
  return {
    name: 'offline',

    async createShipment(input: ShipmentInput): Promise<Shipment> {
      return quote(input);
    },

    async buy({ shipment, rate_id, sequence }: BuyInput): Promise<PurchasedShipment> {
      // The rates are worked out again from the shipment, so a rate of another shipment (or an
      // edited one) is refused rather than bought.
      const quoted = quote(shipment);
      const rate = quoted.rates.find((candidate) => candidate.id === rate_id);
      if (!rate) throw new CarrierError('rate_not_found', 'The shipment has no such rate.', 'rate_id');
      const purchasedAt = now();
      const trackingCode = offlineTrackingCode(shipment, rate, sequence);
      const label = await renderShippingLabel({
        from: shipment.from_address,
        to: shipment.to_address,
        service: rate.service,
        carrier: rate.carrier,
        trackingNumber: trackingCode,
        reference: shipment.reference ?? '',
        weightOz: shipment.parcel.weight,
        shipDate: purchasedAt.toISOString().slice(0, 10),
      });
      return {
        shipment_id: quoted.id,
        tracking_code: trackingCode,
        selected_rate: rate,
        postage_label: { label_file_type: 'application/pdf', label_size: '4x6', data: label },
        purchased_at: purchasedAt.toISOString(),
      };
    },

    async track({ tracking_code, purchased_at }: TrackInput): Promise<Tracker> {
      const parsed = parseOfflineTrackingCode(tracking_code);
      const tracker = { tracking_code, carrier: OFFLINE_CARRIER };
      if (!parsed) return { ...tracker, status: 'unknown', est_delivery_date: null, tracking_details: [] };
      const purchasedAt = purchased_at == null ? null : new Date(purchased_at);
      if (purchasedAt === null || Number.isNaN(purchasedAt.getTime())) {
        return { ...tracker, status: 'pre_transit', est_delivery_date: null, tracking_details: [] };
      }
      const journey = offlineJourney(tracking_code, parsed.deliveryDays, purchasedAt);
      const current = now().toISOString();
      // The label's creation is known from the purchase on, whatever the clock says.
      const details = journey.filter((detail, index) => index === 0 || detail.datetime <= current);
      return {
        ...tracker,
        status: details[details.length - 1]!.status,
        est_delivery_date: journey[journey.length - 1]!.datetime,
        tracking_details: details,
      };
    },
  };
}
