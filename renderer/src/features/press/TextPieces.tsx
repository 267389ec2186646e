import type { PressTextPiece } from '../../../../preload/contract';
import { ServiceTextParts } from '../../components/ServiceText';

/**
 * A summary compared with its earlier version: removed words struck in <del>, added ones in
 * <ins>, each also named for screen readers, so the change is not told by colour alone. The
 * whole is service text: isolated, direction controls shown, never markup.
 */
export function TextPieces({ pieces, testId }: { pieces: PressTextPiece[]; testId?: string }) {
  return (
    <bdi dir="auto" className="service-text press-pieces" data-testid={testId}>
      {pieces.map((piece, index) => {
        if (piece.op === 'same') return <ServiceTextParts key={index} text={piece.text} />;
        const Tag = piece.op === 'added' ? 'ins' : 'del';
        return (
          <Tag key={index} className={`press-piece-${piece.op}`} data-testid={`piece-${piece.op}`}>
            <span className="visually-hidden">{piece.op}: </span>
            <ServiceTextParts text={piece.text} />
          </Tag>
        );
      })}
    </bdi>
  );
}
