package org.rhcc.transport.codec;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.rhcc.transport.auth.TrailerOracle;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An independent reading of the wire schema, {@code transport/src/main/resources/rhcc/rhcc-messages.xml}, parsed
 * from the file itself rather than taken from the generated codecs, {@link MessageSchema} or {@link FrameValidator}:
 * the schema id and version, the 8-byte header's four uint16 fields, and every template's block length and field
 * offsets. It judges a frame the way the schema's rules say a decoder must (docs/design.md §2) and reads its fields
 * by their offsets, so that the frame fuzz tests can hold the validator and the decoders against it.
 * <p>
 * Precedence of the reasons when a frame breaks several rules: the order {@link DropReason} declares them (short
 * frame, schema id, version, template, block length, truncated, overlong); only the first is counted. The frame
 * length includes the 32-byte authentication trailer, which {@link TrailerOracle} judges next.
 */
public final class WireSchemaOracle
{
    private static final String SCHEMA_RESOURCE = "/rhcc/rhcc-messages.xml";
    private static final ByteOrder WIRE_ORDER = ByteOrder.LITTLE_ENDIAN;

    private final int schemaId;
    /**
     * The oldest version a decoder reads, from the schema's own comment: version 2 put the authentication trailer after
     * every message, and frames of version 1, which have none, are refused.
     */
    private static final int OLDEST_READ_VERSION = 2;

    private final int version;
    private final int headerLength;
    private final Map<String, Integer> headerOffsets;
    private final Map<Integer, Template> templates;

    private WireSchemaOracle(final Element schema)
    {
        if (!"littleEndian".equals(schema.getAttribute("byteOrder")))
        {
            throw new IllegalStateException("the oracle reads little-endian schemas only");
        }

        schemaId = Integer.parseInt(schema.getAttribute("id"));
        version = Integer.parseInt(schema.getAttribute("version"));
        final Map<String, String> enumEncodings = enumEncodings(schema);
        headerOffsets = headerOffsets(schema);
        headerLength = 2 * headerOffsets.size();

        final Map<Integer, Template> byId = new LinkedHashMap<>();
        final NodeList messages = schema.getElementsByTagNameNS("*", "message");
        for (int i = 0; i < messages.getLength(); i++)
        {
            final Template template = Template.of((Element)messages.item(i), enumEncodings);
            byId.put(template.id(), template);
        }

        templates = Collections.unmodifiableMap(byId);
    }

    /**
     * @return the oracle over the schema file on the test classpath.
     */
    public static WireSchemaOracle load()
    {
        try (InputStream in = WireSchemaOracle.class.getResourceAsStream(SCHEMA_RESOURCE))
        {
            if (null == in)
            {
                throw new IllegalStateException(SCHEMA_RESOURCE + " is not on the classpath");
            }

            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            final Document document = factory.newDocumentBuilder().parse(in);
            return new WireSchemaOracle(document.getDocumentElement());
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("cannot read " + SCHEMA_RESOURCE + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * The verdict the schema's rules give a frame.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param length of the frame in bytes.
     * @return the template id if a decoder must accept the frame, else the {@link DropReason#result()} it must count.
     */
    public int verdict(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < headerLength)
        {
            return DropReason.SHORT_FRAME.result();
        }

        if (header(buffer, offset, "schemaId") != schemaId)
        {
            return DropReason.WRONG_SCHEMA_ID.result();
        }

        final int frameVersion = header(buffer, offset, "version");
        if (frameVersion < OLDEST_READ_VERSION || frameVersion > version)
        {
            return DropReason.UNSUPPORTED_VERSION.result();
        }

        final Template template = templates.get(header(buffer, offset, "templateId"));
        if (null == template || frameVersion < template.sinceVersion())
        {
            return DropReason.UNKNOWN_TEMPLATE.result();
        }

        if (header(buffer, offset, "blockLength") != template.blockLength())
        {
            return DropReason.WRONG_BLOCK_LENGTH.result();
        }

        final int frameLength = headerLength + template.blockLength() + TrailerOracle.TRAILER_LENGTH;
        if (length < frameLength)
        {
            return DropReason.TRUNCATED_FRAME.result();
        }

        return length > frameLength ? DropReason.OVERLONG_FRAME.result() : template.id();
    }

    /**
     * Reads a frame's fields by the schema's offsets: uint8 fields zero-extended, int32 and enum fields sign-extended,
     * int64 as is, doubles as their raw bits.
     *
     * @param buffer     holding the frame.
     * @param offset     at which the frame (its header) starts.
     * @param templateId of the frame.
     * @return the field values in the schema's order.
     */
    public long[] readFields(final DirectBuffer buffer, final int offset, final int templateId)
    {
        final Template template = template(templateId);
        final long[] values = new long[template.fields().size()];
        final int blockOffset = offset + headerLength;
        for (int i = 0; i < values.length; i++)
        {
            final Field field = template.fields().get(i);
            values[i] = switch (field.lengthBytes())
            {
                case 1 -> buffer.getByte(blockOffset + field.offset()) & 0xFF;
                case 4 -> buffer.getInt(blockOffset + field.offset(), WIRE_ORDER);
                default -> buffer.getLong(blockOffset + field.offset(), WIRE_ORDER);
            };
        }

        return values;
    }

    /**
     * Writes one header field.
     *
     * @param buffer holding the frame.
     * @param offset at which the frame starts.
     * @param name   of the header field: blockLength, templateId, schemaId or version.
     * @param value  to write, as uint16.
     */
    public void putHeader(final MutableDirectBuffer buffer, final int offset, final String name,
        final int value)
    {
        buffer.putShort(offset + headerOffset(name), (short)value, WIRE_ORDER);
    }

    /**
     * @return the schema id every header carries.
     */
    public int schemaId()
    {
        return schemaId;
    }

    /**
     * @return the version a decoder of this schema writes, the newest it reads.
     */
    public int version()
    {
        return version;
    }

    /**
     * @return length of the message header in bytes.
     */
    public int headerLength()
    {
        return headerLength;
    }

    /**
     * @return the header's field names, in wire order.
     */
    public List<String> headerFields()
    {
        return List.copyOf(headerOffsets.keySet());
    }

    /**
     * @return the templates of the schema, in the file's order.
     */
    public List<Template> templates()
    {
        return List.copyOf(templates.values());
    }

    /**
     * @param templateId of a message.
     * @return its template.
     * @throws IllegalArgumentException if the schema has no such template.
     */
    public Template template(final int templateId)
    {
        final Template template = templates.get(templateId);
        if (null == template)
        {
            throw new IllegalArgumentException("template " + templateId + " is not in " + SCHEMA_RESOURCE);
        }

        return template;
    }

    private int header(final DirectBuffer buffer, final int offset, final String name)
    {
        return buffer.getShort(offset + headerOffset(name), WIRE_ORDER) & 0xFFFF;
    }

    private int headerOffset(final String name)
    {
        final Integer headerOffset = headerOffsets.get(name);
        if (null == headerOffset)
        {
            throw new IllegalArgumentException("no header field " + name + " in " + SCHEMA_RESOURCE);
        }

        return headerOffset;
    }

    private static Map<String, Integer> headerOffsets(final Element schema)
    {
        final NodeList composites = schema.getElementsByTagName("composite");
        for (int i = 0; i < composites.getLength(); i++)
        {
            final Element composite = (Element)composites.item(i);
            if ("messageHeader".equals(composite.getAttribute("name")))
            {
                final Map<String, Integer> offsets = new LinkedHashMap<>();
                final NodeList types = composite.getElementsByTagName("type");
                for (int t = 0; t < types.getLength(); t++)
                {
                    final Element type = (Element)types.item(t);
                    if (!"uint16".equals(type.getAttribute("primitiveType")))
                    {
                        throw new IllegalStateException("the oracle reads uint16 header fields only");
                    }

                    offsets.put(type.getAttribute("name"), 2 * t);
                }

                return Collections.unmodifiableMap(offsets);
            }
        }

        throw new IllegalStateException("no messageHeader composite in " + SCHEMA_RESOURCE);
    }

    private static Map<String, String> enumEncodings(final Element schema)
    {
        final Map<String, String> encodings = new HashMap<>();
        final NodeList enums = schema.getElementsByTagName("enum");
        for (int i = 0; i < enums.getLength(); i++)
        {
            final Element element = (Element)enums.item(i);
            encodings.put(element.getAttribute("name"), element.getAttribute("encodingType"));
        }

        return encodings;
    }

    /**
     * A message of the schema.
     *
     * @param id          template id.
     * @param name        message name.
     * @param blockLength bytes of the block after the header.
     * @param fields       in the file's order.
     * @param sinceVersion the version the template appeared in (the message's {@code sinceVersion}, 0 if none).
     */
    public record Template(int id, String name, int blockLength, List<Field> fields, int sinceVersion)
    {
        private static Template of(final Element message, final Map<String, String> enumEncodings)
        {
            final List<Field> fields = new ArrayList<>();
            final NodeList fieldNodes = message.getElementsByTagName("field");
            for (int i = 0; i < fieldNodes.getLength(); i++)
            {
                final Element field = (Element)fieldNodes.item(i);
                final String type = field.getAttribute("type");
                fields.add(new Field(
                    field.getAttribute("name"),
                    type,
                    Integer.parseInt(field.getAttribute("offset")),
                    lengthBytes(enumEncodings.getOrDefault(type, type))));
            }

            return new Template(
                Integer.parseInt(message.getAttribute("id")),
                message.getAttribute("name"),
                Integer.parseInt(message.getAttribute("blockLength")),
                List.copyOf(fields),
                message.hasAttribute("sinceVersion") ? Integer.parseInt(message.getAttribute("sinceVersion")) : 0);
        }

        /**
         * @param fieldName of one of the template's fields.
         * @return its position in {@link #fields()}.
         */
        public int index(final String fieldName)
        {
            for (int i = 0; i < fields.size(); i++)
            {
                if (fields.get(i).name().equals(fieldName))
                {
                    return i;
                }
            }

            throw new IllegalArgumentException(name + " has no field " + fieldName);
        }

        private static int lengthBytes(final String primitiveType)
        {
            return switch (primitiveType)
            {
                case "uint8" -> 1;
                case "int32" -> 4;
                case "int64", "double" -> 8;
                default -> throw new IllegalStateException("the oracle does not read " + primitiveType + " fields");
            };
        }
    }

    /**
     * A field of a message block.
     *
     * @param name        field name.
     * @param type        schema type: uint8, int32, int64, double or an enum's name.
     * @param offset      from the start of the block, bytes.
     * @param lengthBytes on the wire.
     */
    public record Field(String name, String type, int offset, int lengthBytes)
    {
    }
}
