/* Part of glue.c: what console.log needs to see and JavaScript cannot.
 *
 * Node's util.inspect shows a promise's state, a proxy's target instead of
 * running its traps, and the entries a Map or Set iterator has left. The
 * engine knows all three; these natives read them without running any
 * program code and without consuming the iterator. */

/* promiseState(v): undefined if v is not a promise, else [state, result]
 * with state 0 pending (result undefined), 1 fulfilled, 2 rejected. */
static JSValue nat_promise_state(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSPromiseStateEnum state = JS_PromiseState(ctx, argv[0]);
    if (state == JS_PROMISE_NOT_A_PROMISE)
        return JS_UNDEFINED;
    JSValue out = JS_NewArray(ctx);
    if (JS_IsException(out))
        return out;
    JS_SetPropertyUint32(ctx, out, 0, JS_NewInt32(ctx, state));
    JS_SetPropertyUint32(ctx, out, 1, JS_PromiseResult(ctx, argv[0]));
    return out;
}

/* proxyDetails(v): undefined if v is not a proxy, null if it was revoked,
 * else [target, handler]. */
static JSValue nat_proxy_details(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValueConst v = argv[0];
    if (JS_VALUE_GET_TAG(v) != JS_TAG_OBJECT || JS_VALUE_GET_OBJ(v)->class_id != JS_CLASS_PROXY)
        return JS_UNDEFINED;
    JSProxyData *s = JS_VALUE_GET_OBJ(v)->u.proxy_data;
    if (!s || s->is_revoked)
        return JS_NULL;
    JSValue out = JS_NewArray(ctx);
    if (JS_IsException(out))
        return out;
    JS_SetPropertyUint32(ctx, out, 0, js_dup(s->target));
    JS_SetPropertyUint32(ctx, out, 1, js_dup(s->handler));
    return out;
}

/* previewEntries(v, max): undefined if v is not a Map or Set iterator,
 * else [isSet, isKeyValue, entries, remaining]: entries holds the next
 * items the iterator would yield (for key-value iterators flattened as
 * [k1, v1, k2, v2, ...]), at most max of them, and remaining counts the
 * ones left out. The iterator does not move. */
static JSValue nat_preview_entries(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValueConst v = argv[0];
    uint32_t max;
    if (JS_VALUE_GET_TAG(v) != JS_TAG_OBJECT)
        return JS_UNDEFINED;
    JSObject *p = JS_VALUE_GET_OBJ(v);
    if (p->class_id != JS_CLASS_MAP_ITERATOR && p->class_id != JS_CLASS_SET_ITERATOR)
        return JS_UNDEFINED;
    if (JS_ToUint32(ctx, &max, argv[1]))
        return JS_EXCEPTION;
    int is_set = p->class_id == JS_CLASS_SET_ITERATOR;
    JSMapIteratorData *it = p->u.map_iterator_data;
    int key_value = it && it->kind == JS_ITERATOR_KIND_KEY_AND_VALUE;
    JSValue entries = JS_NewArray(ctx);
    if (JS_IsException(entries))
        return entries;
    uint32_t n = 0, shown = 0, remaining = 0;
    if (it && !JS_IsUndefined(it->obj)) {
        JSMapState *s = JS_GetOpaque(it->obj, is_set ? JS_CLASS_SET : JS_CLASS_MAP);
        struct list_head *el = it->cur_record ? it->cur_record->link.next : s->records.next;
        for (; el != &s->records; el = el->next) {
            JSMapRecord *mr = list_entry(el, JSMapRecord, link);
            if (mr->empty)
                continue;
            if (shown == max) {
                remaining++;
                continue;
            }
            shown++;
            JSValueConst value = is_set ? mr->key : mr->value;
            if (key_value || it->kind == JS_ITERATOR_KIND_KEY)
                JS_SetPropertyUint32(ctx, entries, n++, js_dup(mr->key));
            if (key_value || it->kind == JS_ITERATOR_KIND_VALUE)
                JS_SetPropertyUint32(ctx, entries, n++, js_dup(value));
        }
    }
    JSValue out = JS_NewArray(ctx);
    if (JS_IsException(out)) {
        JS_FreeValue(ctx, entries);
        return out;
    }
    JS_SetPropertyUint32(ctx, out, 0, JS_NewBool(ctx, is_set));
    JS_SetPropertyUint32(ctx, out, 1, JS_NewBool(ctx, key_value));
    JS_SetPropertyUint32(ctx, out, 2, entries);
    JS_SetPropertyUint32(ctx, out, 3, JS_NewUint32(ctx, remaining));
    return out;
}
