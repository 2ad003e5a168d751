/** Set-based SQL that builds the marketplace's state from the app's data. */
import { categoriesInsertSql } from "../marketplace/categories-data";
import { accountOf, mirrorOrdersSql, mirrorPublicationsSql, mirrorQuestionsSql } from "./mirror-sql";

export type MarketplaceSizes = {
  /** Recent paid orders without a conversation that get a pending buyer message. */
  pendingConversations: number;
  /** Delivered orders that get an invoice-feedback record. */
  invoiceRecords: number;
};

const BUYER_TEXTS = [
  "Hola, ¿me pueden enviar la factura de mi compra? Ya les mandé mi constancia de situación fiscal.",
  "Buenas tardes, ¿cuándo envían mi pedido? Lo necesito para una instalación esta semana.",
  "¿El cable es 100 % cobre? Quiero confirmarlo antes de instalarlo.",
  "Hola, me llegó el paquete pero falta una pieza, ¿cómo le hago?",
  "Necesito factura a nombre de mi empresa, ¿qué datos les envío?",
  "¿Puedo recoger en su sucursal en lugar de esperar el envío?",
  "¿Tienen disponibles 5 piezas más del mismo modelo?",
  "Buen día, ¿el producto incluye garantía? ¿Por cuánto tiempo?",
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function marketplaceStatements(sizes: MarketplaceSizes): string[] {
  const texts = `array[${BUYER_TEXTS.map(lit).join(", ")}]::text[]`;
  return [
    categoriesInsertSql(),
    mirrorPublicationsSql("true"),
    mirrorOrdersSql("true"),
    mirrorQuestionsSql("true"),

    // Conversations the app already imported.
    `insert into sim.mkt_messages (account, order_id, client_id, from_seller, text, attachments, created_at)
     select ${accountOf("c.store")}, c.order_id, c.client_id, m.from_seller, m.text,
            (select coalesce(jsonb_agg(jsonb_build_object('filename', a->>'filename',
                                                          'original_filename', coalesce(a->>'originalFilename', a->>'filename'),
                                                          'size', coalesce((a->>'size')::int, 0),
                                                          'content_type', 'application/octet-stream')), '[]'::jsonb)
               from jsonb_array_elements(m.attachments) a),
            m.message_date
       from public.messages m join public.conversations c on c.id = m.conversation_id`,

    // New buyer messages the app has not imported yet: what pendingMessages hands out.
    `insert into sim.mkt_messages (account, order_id, client_id, from_seller, text, created_at)
     select o.account, o.id, o.buyer_id, false, (${texts})[1 + (o.id % ${BUYER_TEXTS.length})::int],
            least(o.order_date + (1 + o.id % 20) * interval '1 hour', now() - interval '10 minutes')
       from (select * from sim.mkt_orders o
              where o.order_status = 'paid' and o.buyer_id is not null
                and not exists (select 1 from sim.mkt_messages m where m.order_id = o.id)
              order by o.order_date desc, o.id desc
              limit ${Math.max(0, Math.floor(sizes.pendingConversations))}) o`,

    // Invoice feedback: most stamped fine, some refused by the tax authority's validations.
    `insert into sim.mkt_invoice_feedback (order_id, permalink, date_created, error_info, invoice_data, feedbacks)
     select o.id, 'https://www.mercadolibre.com.mx/ventas/' || o.id || '/detalle', f.created,
            case when o.k % 20 = 9 then 'SUCCESSFUL' else f.error end,
            jsonb_build_object(
              'name', upper(trim(coalesce(o.buyer_first_name, '') || ' ' || coalesce(o.buyer_last_name, ''))),
              'rfc', case when o.k % 3 = 0 then 'XAXX010101000'
                          else upper(rpad(left(regexp_replace(coalesce(o.buyer_last_name, 'X'), '[^A-Za-z]', '', 'g'), 2), 2, 'X')
                                     || left(coalesce(nullif(o.buyer_first_name, ''), 'X'), 1) || 'X')
                               || to_char(o.order_date, 'YYMMDD') || 'H' || (o.id % 10) || 'A' end,
              'address', coalesce(o.shipping_info->>'address1', o.shipping_info->>'address_1', ''),
              'phone', coalesce(o.shipping_info->>'cellphone', ''),
              'email', coalesce(o.shipping_info->>'email', ''),
              'zip_code', coalesce(o.shipping_info->>'zipCode', o.shipping_info->>'zip_code', ''),
              'country', 'México',
              'state', coalesce(o.shipping_info->>'state', ''),
              'city', coalesce(o.shipping_info->>'city', ''),
              'colony', coalesce(o.shipping_info->>'colony', ''),
              'way_payment', case when o.k % 2 = 0 then '04' else '28' end,
              'payment_method', 'PUE',
              'tax_regime', case when o.k % 3 = 0 then '616' else '612' end,
              'cfdi', case when o.k % 3 = 0 then 'S01' else 'G03' end),
            case when o.k % 20 = 9 then jsonb_build_array(
                   jsonb_build_object('id', o.k * 10 + 2, 'date_created', to_char(f.created + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS'), 'error_info', 'SUCCESSFUL'),
                   jsonb_build_object('id', o.k * 10 + 1, 'date_created', to_char(f.created, 'YYYY-MM-DD"T"HH24:MI:SS'), 'error_info', f.error))
                 else jsonb_build_array(
                   jsonb_build_object('id', o.k * 10 + 1, 'date_created', to_char(f.created, 'YYYY-MM-DD"T"HH24:MI:SS'), 'error_info', f.error)) end
       from (select o.*, row_number() over (order by o.order_date desc, o.id desc)::int as k
               from sim.mkt_orders o
              where o.order_status = 'paid' and o.status_history like '%delivered%'
              order by o.order_date desc, o.id desc
              limit ${Math.max(0, Math.floor(sizes.invoiceRecords))}) o
       cross join lateral (select least(o.order_date + interval '2 days', now()) as created,
                                  (array['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL',
                                         'CFDI40148 - El campo Nombre del receptor debe pertenecer al nombre asociado al RFC registrado.',
                                         'CFDI40143 - El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.',
                                         'CFDI40161 - El campo RegimenFiscalReceptor no es válido para el tipo de persona.',
                                         'No es posible conectar con el servidor remoto'])[1 + o.k % 10] as error) f`,

    // The back end keeps the same records in its collection items/feedback_invoices (its custom list
    // reads them there): what the feed "invoice-feedback" copies.
    `insert into sim.content_items (collection, id, data, changed_at)
     select 'feedback_invoices', f.order_id::text,
            jsonb_build_object('id', f.order_id::text, 'mercadolibre_order', f.order_id::text, 'permalink', f.permalink,
                               'date_created', to_char(f.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                               'error_info', f.error_info, 'invoice_data', f.invoice_data, 'feedbacks', f.feedbacks,
                               'date_updated', to_char(f.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')),
            f.date_created
       from sim.mkt_invoice_feedback f
     on conflict (collection, id) do nothing`,
  ];
}

/**
 * AI assistants the app already lists (when its table exists) must exist in the AI service too, and
 * so must their documents: each sheet's pages are read from the catalogue product its SKU names (a
 * generic page when the SKU is unknown), like the simulator's addDocument does.
 */
export const ASSISTANTS_FROM_APP = `
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_schema = 'public' and table_name = 'ai_assistants' and column_name = 'assistant_name') then
    execute 'insert into sim.ai_assistants (name) select distinct assistant_name from public.ai_assistants
             where assistant_name ~ ''^[A-Za-z0-9_]{4,}$'' on conflict do nothing';
    if exists (select 1 from information_schema.columns
                where table_schema = 'public' and table_name = 'ai_assistant_documents' and column_name = 'name_document') then
      execute $sql$
        insert into sim.ai_documents (assistant, document_id, product_id, file_name, file_url, pages, created_at)
        select a.assistant_name, d.document_id, upper(d.sku), d.name_document, '/files/' || coalesce(d.file_id::text, ''),
               coalesce(
                 (select jsonb_build_array(
                           'Ficha técnica: ' || p.name || '. SKU ' || p.id || '.'
                             || case when p.manufacturer_sku <> '' then ' Clave de fabricante ' || p.manufacturer_sku || '.' else '' end
                             || coalesce(' Marca ' || b.name || '.', ''),
                           'Descripción. ' || coalesce(nullif(trim(p.descripcion1), ''), p.name) || '.',
                           'Precio de lista ' || to_char(p.price, 'FM999,999,990.00') || ' MXN más IVA.'
                             || case when p.weight > 0 then ' Peso ' || p.weight::text || ' kg.' else '' end)
                    from public.products p left join public.brands b on b.id = p.brand_id
                   where upper(p.id) = upper(trim(d.sku))
                   limit 1),
                 jsonb_build_array('Documento ' || d.name_document || '.',
                                   'Producto ' || upper(d.sku) || ': la ficha técnica no tiene texto extraíble.')),
               d.created_at
          from public.ai_assistant_documents d
          join public.ai_assistants a on a.id = d.assistant_id
         where a.assistant_name ~ '^[A-Za-z0-9_]{4,}$'
        on conflict do nothing
      $sql$;
    end if;
  end if;
end $$`;
