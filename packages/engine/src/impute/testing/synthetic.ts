// Test and evaluation only: the synthetic town (synth/) as imputation input. Street = the address
// without its house number (pipes on one street were laid together); road type, pressure zone and pipe
// class are the facts a utility's GIS usually has. The generator's neighbourhood (its era style) is left
// out: a real inventory has no such column.
import type { SynthCity, SynthMaskedValue } from '../../synth/types.ts';
import type { ImputePipe } from '../types.ts';

export function streetOf(address: string): string {
  return address.replace(/^\d+\s+/, '');
}

export function cityImputePipes(city: SynthCity): ImputePipe[] {
  return city.pipes.map((p) => ({
    id: p.id,
    coordinates: p.geometry.coordinates,
    lengthM: p.lengthM,
    diameterMm: p.diameterMm,
    installYear: p.installYear,
    materialTypeCode: p.materialTypeCode,
    street: streetOf(p.address),
    attributes: { roadType: p.roadType, pressureZone: p.pressureZone, pipeClass: p.pipeClass },
  }));
}

export function cityTruth(city: SynthCity): readonly SynthMaskedValue[] {
  return city.maskedTruth;
}
