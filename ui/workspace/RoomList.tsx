import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RoomSummary } from '../../protocol/snapshot';
import { useKernel } from '../kernel';
import { SelectField } from './controls';
import { Icon } from './icons';
import { useAreaFormat } from './format';
import { send } from './panel-commands';
import { OUTDOOR_ROOM_TYPES, roomLabel, roomTypeName, UNNAMED_ROOM_TYPE } from './room-types';
import { pickerRoomType, useRoomTypeOptions } from './RoomTypePicker';

// 房间: the rooms of the current storey with their areas. A click selects the room (its properties
// open below the palette); each row has its own type picker, the quickest way to name a plan.

/** The rooms the list shows: those of the current storey (all of them while no storey is current). */
export function useStoreyRooms(): readonly RoomSummary[] {
  const { rooms, currentStoreyId } = useKernel();
  return Object.values(rooms).filter((r) => currentStoreyId === null || r.storeyId === currentStoreyId);
}

export function RoomList() {
  const { i18n } = useLingui();
  const { selection } = useKernel();
  const list = useStoreyRooms();
  const formatArea = useAreaFormat();
  if (list.length === 0) {
    return (
      <p className="hp-empty">
        <Trans>暂无房间。用“画墙”围合出封闭区域后，房间会自动生成。</Trans>
      </p>
    );
  }
  const total = formatArea(list.reduce((sum, r) => sum + r.area, 0));
  const count = list.length;
  return (
    <>
      <ul className="hp-rooms room-list">
        {list.map((room) => {
          const area = formatArea(room.area);
          const selected = selection.includes(room.id);
          return (
            <li key={room.id} className="hp-room room-list__item" data-selected={selected ? '' : undefined}>
              <button
                type="button"
                className="hp-room__main"
                aria-pressed={selected}
                onClick={() => void send('selection.set', { ids: [room.id] })}
              >
                <span className={`hp-room__swatch ${swatchClass(room.roomType)}`} aria-hidden="true" />
                <span className="hp-room__name room-list__name">{roomLabel(i18n, room)}</span>
                {room.name.trim() && pickerRoomType(room.roomType) !== UNNAMED_ROOM_TYPE ? (
                  <span className="hp-room__sub">{i18n._(roomTypeName(room.roomType))}</span>
                ) : null}
                <span className="hp-room__area room-list__area">
                  <Trans>{area} m²</Trans>
                </span>
              </button>
              <RoomTypeCell room={room} />
            </li>
          );
        })}
      </ul>
      <p className="hp-rooms__total">
        <span>
          <Plural value={count} one="共 # 间" other="共 # 间" />
        </span>
        <span>
          <Trans>合计 {total} m²</Trans>
        </span>
      </p>
    </>
  );
}

function RoomTypeCell({ room }: { readonly room: RoomSummary }) {
  const { t } = useLingui();
  const options = useRoomTypeOptions(room.roomType);
  return (
    <SelectField
      hideLabel
      className="hp-room__type"
      label={t`房间类型`}
      // An unnamed room asks for its type instead of repeating 未命名 beside its name.
      value={pickerRoomType(room.roomType) === UNNAMED_ROOM_TYPE ? null : room.roomType}
      placeholder={t`设置类型`}
      icon={
        <span className="hp-room__type-icon" title={t`房间类型`}>
          <Icon name="tag" size={16} />
        </span>
      }
      options={options}
      onChange={(roomType) => void send('room.update', { id: room.id, roomType })}
    />
  );
}

/** A colour per kind of space, so a long list is scannable (unnamed rooms stand out as grey). */
function swatchClass(roomType: number): string {
  if (roomType === UNNAMED_ROOM_TYPE) return 'hp-room__swatch--unnamed';
  if (OUTDOOR_ROOM_TYPES.has(roomType)) return 'hp-room__swatch--outdoor';
  if ([7, 8, 29, 30, 211, 212, 213, 214, 215, 216].includes(roomType)) return 'hp-room__swatch--wet';
  if ([2, 3, 4, 5, 6, 208, 209].includes(roomType)) return 'hp-room__swatch--sleep';
  return 'hp-room__swatch--living';
}
