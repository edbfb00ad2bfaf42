import type { Config } from '../config/env.ts';
import { createOfflineCarrier, type OfflineCarrierOptions } from './offline.ts';
import type { Carrier } from './types.ts';

export { CarrierError } from './types.ts';
export type {
  Address,
  BuyInput,
  Carrier,
  CarrierErrorCode,
  Parcel,
  PostageLabel,
  PurchasedShipment,
  Rate,
  Shipment,
  ShipmentInput,
  TrackInput,
  Tracker,
  TrackingDetail,
  TrackingLocation,
  TrackingStatus,
} from './types.ts';
export type { OfflineCarrierOptions };

/** The carrier chosen by CARRIER (default and only one available: offline). */
export function createCarrier(config: Pick<Config, 'carrier'>, options: OfflineCarrierOptions = {}): Carrier {
  switch (config.carrier) {
    case 'offline':
      return createOfflineCarrier(options);
  }
}
