import type {
  Contract,
  Domain,
  MethodOutput,
  MethodParsedInput,
  Transport,
} from '../../preload/contract';

/** Who is calling: handlers may differ by transport (e.g. opening links). */
export interface CallContext {
  transport: Transport;
}

export type Handler<M> = (
  input: MethodParsedInput<M>,
  context: CallContext,
) => Promise<MethodOutput<M>> | MethodOutput<M>;

export type DomainHandlers<D extends Domain> = {
  [K in keyof Contract[D]]: Handler<Contract[D][K]>;
};

export type Handlers = { [D in Domain]: DomainHandlers<D> };
