import { describe, expect, it } from 'vitest';
import { CarrierError, createCarrier, type Address, type Rate, type ShipmentInput } from './index.ts';
import {
  OFFLINE_INTERNATIONAL_SURCHARGE_CENTS,
  billablePounds,
  offlineZone,
  parseOfflineTrackingCode,
  upsCheckDigit,
} from './offline.ts';

const lab: Address = {
  name: 'Archline Dental Lab',
  company: 'Archline Inc.',
  street1: '100 Main Street',
  street2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};

const office: Address = {
  name: 'Bright Smiles Orthodontics',
  street1: '42 Elm Avenue',
  city: 'Portland',
  state: 'OR',
  zip: '97205',
  country: 'US',
};

const input: ShipmentInput = {
  from_address: lab,
  to_address: office,
  parcel: { weight: 20 },
  reference: 'Bundle #123',
};

/** Tuesday 4 March 2025, 15:00 UTC. */
const TUESDAY = new Date('2025-03-04T15:00:00Z');

function carrierAt(start: Date) {
  const clock = { now: start };
  const carrier = createCarrier({ carrier: 'offline' }, { now: () => clock.now });
  return { carrier, clock };
}

describe('offline carrier: rates', () => {
  const { carrier } = carrierAt(TUESDAY);

  it('is the default carrier', () => {
    expect(carrier.name).toBe('offline');
  });

  it('quotes Ground, Priority and Express in integer cents, cheapest and slowest first', async () => {
    const shipment = await carrier.createShipment(input);

    expect(shipment.id).toMatch(/^shp_[0-9a-f]{32}$/);
    expect(shipment).toMatchObject(input);
    expect(shipment.rates.map((rate) => rate.service)).toEqual(['Ground', 'Priority', 'Express']);
    for (const rate of shipment.rates) {
      expect(rate).toMatchObject({ shipment_id: shipment.id, carrier: 'Offline', currency: 'USD' });
      expect(rate.id).toMatch(/^rate_[0-9a-f]{32}$/);
      expect(Number.isInteger(rate.rate_cents)).toBe(true);
      expect(rate.rate_cents).toBeGreaterThan(0);
    }
    const [ground, priority, express] = shipment.rates;
    expect(ground!.rate_cents).toBeLessThan(priority!.rate_cents);
    expect(priority!.rate_cents).toBeLessThan(express!.rate_cents);
    expect(ground!.delivery_days).toBeGreaterThanOrEqual(2);
    expect(priority!.delivery_days).toBe(2);
    expect(express!.delivery_days).toBe(1);
  });

  it('gives the same shipment and rates for the same input, however the addresses are typed', async () => {
    const first = await carrier.createShipment(input);
    const again = await carrier.createShipment(structuredClone(input));
    const retyped = await carrier.createShipment({
      ...input,
      to_address: { ...office, street1: '  42  elm avenue ', city: 'PORTLAND', state: 'or' },
    });

    expect(again).toEqual(first);
    expect(retyped.id).toBe(first.id);
    expect(retyped.rates).toEqual(first.rates);
    // The rates as of this version of the price list: a change here changes every quote.
    expect(first.rates.map((rate) => [rate.service, rate.rate_cents, rate.delivery_days])).toEqual([
      ['Ground', 1489, 4],
      ['Priority', 3165, 2],
      ['Express', 6190, 1],
    ]);
    expect(offlineZone(lab, office)).toBe(6);
  });

  it('prices by the billable weight: whole pounds, at least one, dimensional when larger', async () => {
    expect(billablePounds({ weight: 1 })).toBe(1);
    expect(billablePounds({ weight: 16 })).toBe(1);
    expect(billablePounds({ weight: 16.5 })).toBe(2);
    expect(billablePounds({ weight: 8, length: 12, width: 12, height: 12 })).toBe(13);

    const light = await carrier.createShipment({ ...input, parcel: { weight: 8 } });
    const heavy = await carrier.createShipment({ ...input, parcel: { weight: 80 } });
    const bulky = await carrier.createShipment({
      ...input,
      parcel: { weight: 8, length: 12, width: 12, height: 12 },
    });
    for (const [index, rate] of light.rates.entries()) {
      expect(heavy.rates[index]!.rate_cents).toBeGreaterThan(rate.rate_cents);
      expect(bulky.rates[index]!.rate_cents).toBeGreaterThan(heavy.rates[index]!.rate_cents);
    }
  });

  it('charges a surcharge and two more days across a border', async () => {
    const domestic = await carrier.createShipment(input);
    const abroad = await carrier.createShipment({
      ...input,
      to_address: { ...office, city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' },
    });
    const zoneAbroad = offlineZone(lab, abroad.to_address);
    const zoneHere = offlineZone(lab, office);

    for (const [index, rate] of abroad.rates.entries()) {
      expect(rate.rate_cents).toBeGreaterThanOrEqual(OFFLINE_INTERNATIONAL_SURCHARGE_CENTS);
      if (zoneAbroad === zoneHere) {
        expect(rate.rate_cents - domestic.rates[index]!.rate_cents).toBe(
          OFFLINE_INTERNATIONAL_SURCHARGE_CENTS,
        );
      }
    }
    expect(abroad.rates.find((rate) => rate.service === 'Express')!.delivery_days).toBe(3);
  });

  it('refuses unusable addresses and parcels, naming the field', async () => {
    const cases: [ShipmentInput, string, string][] = [
      [{ ...input, to_address: { ...office, zip: ' ' } }, 'invalid_address', 'to_address.zip'],
      [{ ...input, to_address: { ...office, zip: '9720' } }, 'invalid_address', 'to_address.zip'],
      [{ ...input, from_address: { ...lab, country: 'USA' } }, 'invalid_address', 'from_address.country'],
      [{ ...input, to_address: { ...office, state: '' } }, 'invalid_address', 'to_address.state'],
      [{ ...input, to_address: { ...office, street1: '' } }, 'invalid_address', 'to_address.street1'],
      [{ ...input, parcel: { weight: 0 } }, 'invalid_parcel', 'parcel.weight'],
      [{ ...input, parcel: { weight: Number.NaN } }, 'invalid_parcel', 'parcel.weight'],
      [{ ...input, parcel: { weight: 2401 } }, 'invalid_parcel', 'parcel.weight'],
      [{ ...input, parcel: { weight: 10, length: 5 } }, 'invalid_parcel', 'parcel.length'],
      [
        { ...input, parcel: { weight: 10, length: 5, width: 5, height: -1 } },
        'invalid_parcel',
        'parcel.length',
      ],
    ];
    for (const [bad, code, field] of cases) {
      const error = await carrier.createShipment(bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CarrierError);
      expect(error).toMatchObject({ code, field });
    }
  });
});

describe('offline carrier: buying postage', () => {
  it('gives a UPS-like tracking code with a valid check digit and a 4 x 6 PDF label', async () => {
    const { carrier } = carrierAt(TUESDAY);
    const shipment = await carrier.createShipment(input);
    const ground = shipment.rates[0]!;

    const bought = await carrier.buy({ shipment, rate_id: ground.id, sequence: 123 });

    expect(bought.shipment_id).toBe(shipment.id);
    expect(bought.selected_rate).toEqual(ground);
    expect(bought.purchased_at).toBe(TUESDAY.toISOString());
    expect(bought.tracking_code).toMatch(/^1Z[0-9A-Z]{16}$/);
    expect(bought.tracking_code.slice(8, 10)).toBe('03');
    expect(Number(bought.tracking_code[17])).toBe(upsCheckDigit(bought.tracking_code.slice(2, 17)));
    expect(parseOfflineTrackingCode(bought.tracking_code)).toEqual({
      service: 'Ground',
      deliveryDays: ground.delivery_days,
    });
    expect(bought.postage_label).toMatchObject({ label_file_type: 'application/pdf', label_size: '4x6' });
    expect(bought.postage_label.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('gives the same code for the same shipment, rate and sequence, and another for any other', async () => {
    const { carrier } = carrierAt(TUESDAY);
    const shipment = await carrier.createShipment(input);
    const [ground, priority, express] = shipment.rates as [Rate, Rate, Rate];
    const code = async (rateId: string, sequence: number | string, target = shipment) =>
      (await carrier.buy({ shipment: target, rate_id: rateId, sequence })).tracking_code;

    const first = await code(ground.id, 123);
    expect(await code(ground.id, 123)).toBe(first);
    expect(await code(ground.id, '123')).toBe(first);
    expect(first).toBe('1Z5TIB1A0345229909');

    const others = [await code(ground.id, 124), await code(priority.id, 123), await code(express.id, 123)];
    const elsewhere = await carrier.createShipment({ ...input, reference: 'Bundle #124' });
    others.push(await code(elsewhere.rates[0]!.id, 123, elsewhere));
    expect(new Set([first, ...others]).size).toBe(5);
    expect(others[1]!.slice(8, 10)).toBe('02');
    expect(others[2]!.slice(8, 10)).toBe('01');
  });

  it('refuses a rate the shipment does not have', async () => {
    const { carrier } = carrierAt(TUESDAY);
    const shipment = await carrier.createShipment(input);
    const other = await carrier.createShipment({ ...input, parcel: { weight: 99 } });

    for (const attempt of [
      { shipment, rate_id: 'rate_unknown', sequence: 1 },
      { shipment, rate_id: other.rates[0]!.id, sequence: 1 },
      // Rates copied onto another shipment are worked out again, not trusted.
      { shipment: { ...other, rates: shipment.rates }, rate_id: shipment.rates[0]!.id, sequence: 1 },
    ]) {
      await expect(carrier.buy(attempt)).rejects.toMatchObject({ code: 'rate_not_found', field: 'rate_id' });
    }
  });
});

describe('offline carrier: tracking', () => {
  async function bought(service: 'Ground' | 'Priority' | 'Express', purchasedAt = TUESDAY) {
    const { carrier, clock } = carrierAt(purchasedAt);
    const shipment = await carrier.createShipment(input);
    const rate = shipment.rates.find((candidate) => candidate.service === service)!;
    const purchase = await carrier.buy({ shipment, rate_id: rate.id, sequence: 123 });
    const track = (at: string) => {
      clock.now = new Date(at);
      return carrier.track({ tracking_code: purchase.tracking_code, purchased_at: purchase.purchased_at });
    };
    return { carrier, purchase, rate, track };
  }

  it('answers unknown for a code it did not make', async () => {
    const { carrier } = carrierAt(TUESDAY);
    for (const code of ['', '1Z999AA10123456785', '9400111899223197428490', '1Z5TIB1A0345229908']) {
      expect(await carrier.track({ tracking_code: code, purchased_at: TUESDAY })).toEqual({
        tracking_code: code,
        carrier: 'Offline',
        status: 'unknown',
        est_delivery_date: null,
        tracking_details: [],
      });
    }
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
  });

  it('answers pre_transit without events when it is not told when the postage was bought', async () => {
    const { carrier, purchase } = await bought('Ground');
    expect(await carrier.track({ tracking_code: purchase.tracking_code })).toMatchObject({
      status: 'pre_transit',
      est_delivery_date: null,
      tracking_details: [],
    });
  });

  it('moves from pre_transit through in_transit and out_for_delivery to delivered', async () => {
    const { track } = await bought('Ground');

    const created = await track('2025-03-04T15:00:00Z');
    expect(created.status).toBe('pre_transit');
    expect(created.tracking_details).toEqual([
      {
        status: 'pre_transit',
        message: 'Shipping label created, awaiting item',
        datetime: '2025-03-04T15:00:00.000Z',
        tracking_location: { city: null, state: null, zip: null, country: null },
      },
    ]);
    // Ground here takes 4 business days from the Tuesday pickup: Monday 10 March.
    expect(created.est_delivery_date).toMatch(/^2025-03-10T/);

    const moving = await track('2025-03-06T12:00:00Z');
    expect(moving.status).toBe('in_transit');
    expect(moving.tracking_details.map((detail) => detail.message)).toEqual([
      'Shipping label created, awaiting item',
      'Picked up',
      'Arrived at facility',
      'Departed facility',
    ]);
    expect(moving.tracking_details[1]!.datetime).toMatch(/^2025-03-04T18:/);
    expect(moving.tracking_details[2]!.tracking_location.city).toEqual(expect.any(String));

    const out = await track('2025-03-10T09:00:00Z');
    expect(out.status).toBe('out_for_delivery');

    const done = await track('2025-03-20T00:00:00Z');
    expect(done.status).toBe('delivered');
    const details = done.tracking_details;
    expect(details.map((detail) => detail.status)).toEqual([
      'pre_transit',
      'in_transit',
      'in_transit',
      'in_transit',
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
    expect(details.map((detail) => detail.datetime)).toEqual(details.map((detail) => detail.datetime).sort());
    expect(done.est_delivery_date).toBe(details.at(-1)!.datetime);
    expect(details.at(-1)!.datetime).toMatch(/^2025-03-10T(1[0-5]):/);

    // The same code and purchase always tell the same journey.
    expect(await track('2025-03-20T00:00:00Z')).toEqual(done);
  });

  it('delivers Express the next business day and picks up after the weekend', async () => {
    // Friday 7 March 2025 at 19:00 UTC: past the day's pickup, so Monday's; delivered Tuesday.
    const { track } = await bought('Express', new Date('2025-03-07T19:00:00Z'));

    const weekend = await track('2025-03-09T12:00:00Z');
    expect(weekend.status).toBe('pre_transit');
    const done = await track('2025-03-12T00:00:00Z');
    expect(done.status).toBe('delivered');
    expect(done.tracking_details.find((detail) => detail.message === 'Picked up')!.datetime).toMatch(
      /^2025-03-10T18:/,
    );
    expect(done.est_delivery_date).toMatch(/^2025-03-11T/);
    expect(done.tracking_details).toHaveLength(6);
  });
});
