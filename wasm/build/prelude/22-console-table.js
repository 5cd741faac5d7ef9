
// ---- console.table --------------------------------------------------------------------
//
// Node's layout: a box-drawn grid, an "(index)" column, one column per
// property seen in any row (or "Values" for primitive rows), cells
// inspected shallowly and left-aligned (Node 20.x).

function tableCell(v) {
  const depth = v !== null && typeof v === 'object' && !ArrayIsArray(v) && ObjectKeys(v).length > 2 ? -1 : 0;
  return inspect(v, { __proto__: null, depth, maxArrayLength: 3, breakLength: Infinity });
}

function renderTableRow(row, widths) {
  let out = '│ ';
  for (let i = 0; i < row.length; i++) {
    out += row[i] + StringRepeat(' ', widths[i] - stringWidth(row[i]));
    if (i !== row.length - 1) out += ' │ ';
  }
  return out + ' │';
}

// head: column titles; columns: one (possibly sparse) list of cells each.
function renderTable(head, columns) {
  const widths = newList();
  let longest = 0;
  for (let i = 0; i < head.length; i++) {
    ArrayPush(widths, stringWidth(head[i]));
    if (columns[i].length > longest) longest = columns[i].length;
  }
  const rows = newList();
  for (let j = 0; j < longest; j++) ArrayPush(rows, newList());
  for (let i = 0; i < head.length; i++) {
    for (let j = 0; j < longest; j++) {
      const cell = ObjectHasOwn(columns[i], j) ? columns[i][j] : '';
      ArrayPush(rows[j], cell);
      widths[i] = MathMax(widths[i], stringWidth(cell));
    }
  }
  const divider = newList();
  for (let i = 0; i < widths.length; i++) ArrayPush(divider, StringRepeat('─', widths[i] + 2));
  let out = '┌' + ArrayJoin(divider, '┬') + '┐\n' + renderTableRow(head, widths) + '\n' +
    '├' + ArrayJoin(divider, '┼') + '┤\n';
  for (let j = 0; j < rows.length; j++) out += renderTableRow(rows[j], widths) + '\n';
  return out + '└' + ArrayJoin(divider, '┴') + '┘';
}

function consoleTable(data, properties) {
  if (properties !== undefined && !ArrayIsArray(properties)) {
    throw invalidArgType('properties', 'an instance of Array', properties);
  }
  if (data === null || typeof data !== 'object') {
    emit(format([data]));
    return;
  }
  const kind = kindOf(data);
  if (kind === 'map' || kind === 'set') {
    const index = newList();
    const keys = newList();
    const values = newList();
    const each = kind === 'map' ? MapForEach : SetForEach;
    each(data, (v, k) => {
      ArrayPush(index, tableCell(index.length));
      if (kind === 'map') ArrayPush(keys, tableCell(k));
      ArrayPush(values, tableCell(v));
    });
    emit(kind === 'map'
      ? renderTable(['(iteration index)', 'Key', 'Values'], [index, keys, values])
      : renderTable(['(iteration index)', 'Values'], [index, values]));
    return;
  }
  // property -> sparse list of cells; an object, so integer-like property
  // names come first, as in Node.
  const columns = ObjectCreate(null);
  const valuesColumn = newList();
  let hasPrimitives = false;
  const rowKeys = ObjectKeys(data);
  for (let i = 0; i < rowKeys.length; i++) {
    const item = data[rowKeys[i]];
    const primitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
    if (properties === undefined && primitive) {
      hasPrimitives = true;
      valuesColumn[i] = tableCell(item);
      continue;
    }
    const keys = properties !== undefined ? properties : ObjectKeys(item);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      if (columns[key] === undefined) columns[key] = newList();
      columns[key][i] = (primitive || !ObjectHasOwn(item, key)) ? '' : tableCell(item[key]);
    }
  }
  const head = ['(index)'];
  const cols = [rowKeys];
  const names = ObjectKeys(columns);
  for (let i = 0; i < names.length; i++) {
    ArrayPush(head, names[i]);
    ArrayPush(cols, columns[names[i]]);
  }
  if (hasPrimitives) {
    ArrayPush(head, 'Values');
    ArrayPush(cols, valuesColumn);
  }
  emit(renderTable(head, cols));
}

ObjectDefineProperty(consoleObject, 'table', {
  __proto__: null, value: function table(data, properties) { consoleTable(data, properties); },
  writable: true, enumerable: true, configurable: true,
});
